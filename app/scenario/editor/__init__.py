"""The mission and scenario editor's model (no Qt): documents with undo, canonical files, live checks.

See docs/editor.md. The UI (``app/ui/editor``) wraps these; game systems contribute their tools through
``app/systems/<id>/editing.py`` (:class:`~app.scenario.editor.plugin.EditorPlugin`).
"""
