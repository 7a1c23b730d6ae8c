"""The mission and scenario editor's window (wraps the Qt-free model in ``app.scenario.editor``)."""
