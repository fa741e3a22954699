"""``docs.config.yaml``: the one validated configuration shared by the build, the dev server, the notebook
views and the nbconvert exporter.

Strict everywhere (pydantic, ``extra="forbid"``): an unknown key is an error that names the file and the
place, e.g. ``docs.config.yaml: groups[0].sections[1]: unexpected property 'tags'``. A schema section is
``schema`` alone; a changelog group has its own ``updates`` contract and cannot host a schema section.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from orgdocs.errors import ConfigError, OrgdocsError
from orgdocs.loading.folders import PathRefused, resolve_below
from orgdocs.site.pages import PAGE_SUFFIXES
from orgdocs.site.routes import segment

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
    sections: tuple[PagesSection | SchemaSection, ...]

    @property
    def slug(self) -> str:
        return segment(self.label) or "docs"


@dataclass(frozen=True)
class ChangelogGroup:
    label: str
    updates: Path  # folder of YYYY-MM-DD-some-title.md files

    @property
    def slug(self) -> str:
        return segment(self.label) or "changelog"


@dataclass(frozen=True)
class Config:
    content: Path
    public: Path | None  # None: no public folder (a site made from a description alone)
    title: str = ""
    groups: tuple[DocsGroup | ChangelogGroup, ...] = ()
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
    except ValueError:  # a NUL byte in the path
        raise ConfigError("not a file name (it holds a NUL byte)", source=repr(name)) from None
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
    content = _folder(root, top.content, name, "content")
    if "\0" in top.public:
        raise ConfigError("folder holds a NUL byte, which no file name can", source=name, place="public")
    public = (root / top.public).resolve()
    groups = []
    for i, group in enumerate(top.groups):
        place = f"groups[{i}]"
        if not isinstance(group, Mapping):
            raise ConfigError("a group must be a mapping", source=name, place=place)
        if "changelog" in group:
            groups.append(_changelog_group(group, root, name, place))
        elif "group" in group:
            groups.append(_docs_group(group, content, public, name, place))
        else:
            raise ConfigError(
                "missing required property 'group' (a documentation group) or 'changelog' (a changelog group)",
                source=name,
                place=place,
            )
    slugs = [g.slug for g in groups]
    for i, slug in enumerate(slugs):
        if slug in slugs[:i]:
            raise ConfigError(
                f"two groups share the route segment '{slug}'", source=name, place=f"groups[{i}]"
            )
    return Config(content, public, top.title, tuple(groups), file, name, raw)


def _changelog_group(group: Mapping, root: Path, name: str, place: str) -> ChangelogGroup:
    sections = group.get("sections")
    has_schema = "schema" in group or (
        isinstance(sections, list) and any(isinstance(s, Mapping) and "schema" in s for s in sections)
    )
    if has_schema:
        raise ConfigError("a changelog group cannot host schema sections", source=name, place=place)
    if "group" in group:
        raise ConfigError(
            "a group is either a documentation group ('group') or a changelog group ('changelog'), not both",
            source=name,
            place=place,
        )
    if "sections" in group:
        raise ConfigError(
            "unexpected property 'sections': a changelog group lists its 'updates' folder instead",
            source=name,
            place=place,
        )
    model = _model(_ChangelogGroupModel, group, name, place)
    return ChangelogGroup(model.changelog, _folder(root, model.updates, name, f"{place}.updates"))


def _docs_group(group: Mapping, content: Path, public: Path, name: str, place: str) -> DocsGroup:
    model = _model(_DocsGroupModel, group, name, place)
    sections: list[PagesSection | SchemaSection] = []
    for j, raw in enumerate(model.sections):
        where = f"{place}.sections[{j}]"
        if "schema" in raw:
            section = _model(SchemaSection, raw, name, where)
            _check_schema_source(section.source, content, public, name, f"{where}.schema")
            sections.append(section)
        else:
            pages = _model(PagesSection, raw, name, where)
            for k, page in enumerate(pages.pages):
                _check_page(page, content, name, f"{where}.pages[{k}]")
            sections.append(pages)
    return DocsGroup(model.group, tuple(sections))


_SCHEME = re.compile(r"^(?:[A-Za-z][A-Za-z0-9+.-]*://|file:)", re.I)


def _check_page(page: str, content: Path, name: str, place: str) -> None:
    _below(content, page, "content", f"page {page!r}", name, place)
    if not page.lower().endswith(PAGE_SUFFIXES):
        kinds = ", ".join(PAGE_SUFFIXES)
        raise ConfigError(f"page '{page}' is not Markdown or a notebook ({kinds})", source=name, place=place)


def _check_schema_source(source: str, content: Path, public: Path, name: str, place: str) -> None:
    """``./x.yaml``, ``x/y.json``: below content; ``/x.json``: below public; http(s) URLs. Nothing else."""
    from orgdocs.loading.sources import is_url

    if is_url(source):
        return
    if "\0" in source:
        raise ConfigError(
            f"schema {source!r} holds a NUL byte, which no file name can", source=name, place=place
        )
    if _SCHEME.match(source):
        scheme = source.split(":", 1)[0]
        raise ConfigError(
            f"schema '{source}': '{scheme}:' sources are not supported (a path or an http(s) URL)",
            source=name,
            place=place,
        )
    folder, base, relative = (
        ("public", public, source.lstrip("/")) if source.startswith("/") else ("content", content, source)
    )
    _below(base, relative, folder, f"schema {source!r}", name, place)


def _below(base: Path, relative: str, folder: str, what: str, name: str, place: str) -> Path:
    try:
        return resolve_below(base, relative, folder=folder)
    except PathRefused as refused:
        raise ConfigError(f"{what} {refused}", source=name, place=place) from None


def _folder(root: Path, value: str, name: str, place: str) -> Path:
    """A folder named by the config, relative to the config file's folder; it must exist."""
    if "\0" in value:
        raise ConfigError(
            f"folder {value!r} holds a NUL byte, which no file name can", source=name, place=place
        )
    path = (root / value).resolve()
    if not path.is_dir():
        raise ConfigError(f"folder '{value}' does not exist ({path})", source=name, place=place)
    return path


def _model(kind: type[BaseModel], raw: Any, name: str, place: str) -> Any:
    try:
        return kind.model_validate(raw)
    except ValidationError as error:
        first = error.errors()[0]
        raise ConfigError(_message(first), source=name, place=_place(place, first["loc"])) from None


def _place(prefix: str, loc: tuple) -> str | None:
    """``groups[0]`` + ``("sections", 1, "tags")`` -> ``groups[0].sections[1]``: the last property name is
    left to the message ("unexpected property 'tags'"), a last list index stays in the place."""
    parts = list(loc)
    if parts and not isinstance(parts[-1], int):
        parts.pop()
    text = prefix
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or None


def _message(error: dict) -> str:
    loc = error["loc"]
    key = loc[-1] if loc and not isinstance(loc[-1], int) else ""
    kind = error["type"]
    if kind == "extra_forbidden":
        return f"unexpected property '{key}'"
    if kind == "missing":
        return f"missing required property '{key}'"
    if kind == "model_type" or kind == "dict_type":
        return f"'{key}' must be a mapping" if key else "must be a mapping"
    text = error["msg"].replace("Input should be", "should be").replace("String should", "should")
    return f"'{key}' {text}" if isinstance(key, str) and key else text
