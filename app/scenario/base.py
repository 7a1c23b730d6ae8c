"""Fields shared by every scenario file, whatever its system."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from app.core.i18n import Text, localized


class Localized(BaseModel):
    """A text authored in the file, in English and (optionally) Simplified Chinese."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    en: str = Field(min_length=1, description="English text")
    zh_CN: str | None = Field(default=None, description="Simplified Chinese text")  # noqa: N815 (locale name)

    def text(self) -> Text:
        """As a translatable Text."""
        return localized(self.en, self.zh_CN)


class ScenarioBase(BaseModel):
    """The header every scenario file starts with.

    Systems extend it with their own fields. ``extra="forbid"`` everywhere: a misspelt field is an error,
    never silently ignored.
    """

    model_config = ConfigDict(extra="forbid", defer_build=True)

    format: str = Field("adjutant-scenario", pattern="^adjutant-scenario$", description="Always 'adjutant-scenario'")
    system: str = Field(description="Game system id, e.g. 'sas' or 'cca'")
    schema_version: int = Field(ge=1, description="Version of this system's scenario schema")
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_\-]*$", description="Stable identifier (file-name friendly)")
    title: Localized = Field(description="Name shown on the start page")
    description: Localized | None = Field(default=None, description="Briefing shown before play")
    default: bool = Field(default=False, description="Offered first on the start page")

    def summary(self) -> dict[str, Any]:
        """Short description for listings."""
        return {"id": self.id, "system": self.system, "title": self.title.en}
