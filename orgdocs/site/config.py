"""``docs.config.yaml``: the one validated configuration shared by the build, the dev server, the notebook
views and the nbconvert exporter.

Strict everywhere (pydantic, ``extra="forbid"``): an unknown key is an error that names the file and the
place, e.g. ``docs.config.yaml: groups[0].sections[1]: unexpected property 'tags'``. A schema section is
``schema`` alone; a changelog group has its own ``updates`` contract and cannot host a schema section.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from orgdocs.errors import ConfigError, OrgdocsError
from orgdocs.model.titles import kebab

__all__ = [
    "ChangelogGroup",
    "Config",
    "DocsGroup",
    "PagesSection",
    "SchemaSection",
    "load_config",
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=False)


class PagesSection(_Strict):
    """Hand-written pages (Markdown or notebooks), in order."""

    section: str = Field(min_length=1)
    pages: list[str] = []


class SchemaSection(_Strict):
    """An API description, replaced at its exact position by one section per tag."""

    source: str = Field(alias="schema", min_length=1)


class _DocsGroupModel(_Strict):
    group: str = Field(min_length=1)
    sections: list[dict[str, Any]] = []


class _ChangelogGroupModel(_Strict):
    changelog: str = Field(min_length=1)
    updates: str = Field(min_length=1)


class _ConfigModel(_Strict):
    content: str = Field(min_length=1)
    public: str = "public"
    title: str = ""
    groups: list[dict[str, Any]] = []


@dataclass(frozen=True)
class DocsGroup:
    label: str
    sections: tuple[Union[PagesSection, SchemaSection], ...]

    @property
    def slug(self) -> str:
        return kebab(self.label) or "docs"


@dataclass(frozen=True)
class ChangelogGroup:
    label: str
    updates: Path  # folder of YYYY-MM-DD-some-title.md files

    @property
    def slug(self) -> str:
        return kebab(self.label) or "changelog"


@dataclass(frozen=True)
class Config:
    content: Path
    public: Path
    title: str = ""
    groups: tuple[Union[DocsGroup, ChangelogGroup], ...] = ()
    file: Path | None = None  # the config file, when read from one
    name: str = "<config>"  # how errors name it
    raw: Mapping[str, Any] = field(default_factory=dict, repr=False)

    @property
    def root(self) -> Path:
        return self.file.parent if self.file else Path.cwd()


def load_config(source: str | Path | Mapping[str, Any] | Config, *, base: str | Path | None = None) -> Config:
    """Read and validate a docs config from a YAML/JSON file or a mapping.

    Relative paths are relative to the config file's folder (for a mapping: ``base``, else the working
    folder). ``content`` and ``./content`` are the same folder.
    """
    if isinstance(source, Config):
        return source
    if isinstance(source, Mapping):
        return _validate(source, name="<config>", root=Path(base or Path.cwd()).resolve(), file=None)
    path = Path(source)
    name = str(source)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise ConfigError("no such file", source=name) from None
    except OSError as error:
        raise ConfigError(error.strerror or str(error), source=name) from None
    from orgdocs.loading.parse import parse_document

    try:
        raw = parse_document(data, name)
    except OrgdocsError as error:
        raise ConfigError(error.message, source=name, place=error.place) from None
    return _validate(raw, name=name, root=path.resolve().parent, file=path.resolve())


def _validate(raw: Any, *, name: str, root: Path, file: Path | None) -> Config:
    if not isinstance(raw, Mapping):
        raise ConfigError("a config must be a mapping with at least 'content'", source=name)
    top = _model(_ConfigModel, raw, name, "")
    groups = []
    for i, group in enumerate(top.groups):
        place = f"groups[{i}]"
        if not isinstance(group, Mapping):
            raise ConfigError("a group must be a mapping", source=name, place=place)
        if "changelog" in group:
            if "sections" in group:
                bad = [s for s in group["sections"] or [] if isinstance(s, Mapping) and "schema" in s]
                message = (
                    "a changelog group cannot host schema sections"
                    if bad
                    else "a changelog group has 'updates', not 'sections'"
                )
                raise ConfigError(message, source=name, place=place)
            model = _model(_ChangelogGroupModel, group, name, place)
            groups.append(ChangelogGroup(model.changelog, _inside(root, model.updates, name, f"{place}.updates")))
            continue
        model = _model(_DocsGroupModel, group, name, place)
        sections = []
        for j, section in enumerate(model.sections):
            where = f"{place}.sections[{j}]"
            kind = SchemaSection if isinstance(section, Mapping) and "schema" in section else PagesSection
            sections.append(_model(kind, section, name, where))
        groups.append(DocsGroup(model.group, tuple(sections)))
    labels = [g.slug for g in groups]
    for i, slug in enumerate(labels):
        if slug in labels[:i]:
            raise ConfigError(f"two groups share the route segment '{slug}'", source=name, place=f"groups[{i}]")
    content = _inside(root, top.content, name, "content", must_exist=True)
    public = (root / top.public).resolve()
    return Config(content, public, top.title, tuple(groups), file, name, raw)


def _inside(root: Path, value: str, name: str, place: str, *, must_exist: bool = False) -> Path:
    path = (root / value).resolve()
    if must_exist and not path.is_dir():
        raise ConfigError(f"folder '{value}' does not exist", source=name, place=place)
    return path


def _model(kind: type[BaseModel], raw: Any, name: str, place: str) -> Any:
    try:
        return kind.model_validate(raw)
    except ValidationError as error:
        first = error.errors()[0]
        raise ConfigError(_message(first), source=name, place=_place(place, first["loc"])) from None


def _place(prefix: str, loc: tuple) -> str | None:
    text = prefix
    for part in loc[:-1] if loc else ():
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or None


def _message(error: dict) -> str:
    loc = error["loc"]
    key = loc[-1] if loc else ""
    kind = error["type"]
    if kind == "extra_forbidden":
        return f"unexpected property '{key}'"
    if kind == "missing":
        return f"missing required property '{key}'"
    if kind == "model_type" or kind == "dict_type":
        return f"'{key}' must be a mapping" if key else "must be a mapping"
    text = error["msg"].replace("Input should be", "should be").replace("String should", "should")
    return f"'{key}' {text}" if isinstance(key, str) and key else text
