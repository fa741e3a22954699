"""``docs.config.yaml``: the one validated configuration shared by the build, the dev server, the notebook
views and the nbconvert exporter.

Strict everywhere: an unknown key or a value of the wrong type is an error that names the file and the
place, e.g. ``docs.config.yaml: groups[0].sections[1]: unknown key 'shcema' (did you mean 'schema'?)``. An
unknown key is told before anything it leaves missing. A schema section is ``schema`` alone; a changelog
group has its own ``updates`` contract and cannot host a schema section. ``public`` is a folder of its own:
not the project's folder or one above it, nor a home folder, since a build publishes every file of it.

The schema is a dozen properties, checked here (``_SPECS``) rather than by pydantic: importing pydantic and
building its models cost every command a noticeable start-up before any work.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from orgdocs.errors import ConfigError, OrgdocsError
from orgdocs.loading import PathRefused, resolve_below
from orgdocs.project._handwritten_pages import PAGE_SUFFIXES
from orgdocs.project._public_folder import public_folder
from orgdocs.project._routes import segment

__all__ = [
    "ALONE_GROUP",
    "ChangelogGroup",
    "Config",
    "DocsGroup",
    "PagesSection",
    "SchemaSection",
    "load_config",
    "refuse_output",
]


ALONE_GROUP = "API"  # the group of a site made of one description


@dataclass(frozen=True)
class PagesSection:
    """Hand-written pages (Markdown or notebooks), in order."""

    section: str
    pages: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class SchemaSection:
    """An API description (``schema:`` in the config), replaced at its exact position by one section per tag."""

    source: str
    # a description given instead of a config is parsed once: (its document, what reading it found)
    parsed: tuple[Any, list] | None = field(default=None, compare=False, repr=False)


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
    alone: bool = False  # a description given instead of a config (``orgdocs build openapi.yaml``)

    @property
    def root(self) -> Path:
        return self.file.parent if self.file else Path.cwd()


def load_config(source: str | Path | Mapping[str, Any] | Config, *, base: str | Path | None = None) -> Config:
    """Read and validate a docs config from a YAML/JSON file or a mapping.

    Relative paths are relative to the config file's folder (for a mapping: ``base``, else the working
    folder). ``content`` and ``./content`` are the same folder.

    An API description (a file or a URL) given instead is the config of a site made of it alone, one group
    (``orgdocs build openapi.yaml``, as other tools take it); a file is read and parsed once, here.
    """
    if isinstance(source, Config):
        return source
    if isinstance(source, Mapping):
        return _validate(source, name="<config>", root=Path(base or Path.cwd()).resolve(), file=None)
    from orgdocs.loading import is_url, parse_document, yaml_findings

    if isinstance(source, str) and is_url(source):
        return _alone(SchemaSection(source), Path.cwd(), None, source)
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
    try:
        with yaml_findings() as found:
            raw = parse_document(data, name)
    except OrgdocsError as error:
        raise ConfigError(error.message, source=name, place=error.place) from None
    file = path.resolve()
    if _is_description(raw):
        return _alone(SchemaSection(f"./{file.name}", (raw, found)), file.parent, file, name)
    return _validate(raw, name=name, root=file.parent, file=file)


def _is_description(raw: Any) -> bool:
    """Whether a document given as a config is an API description instead: it has a description's top-level
    keys and none of a config's (a config with a stray one is told about its unknown key)."""
    keys = raw.keys() if isinstance(raw, Mapping) else set()
    return bool(keys & {"openapi", "swagger", "paths"}) and not keys & {"content", "groups"}


def _alone(section: SchemaSection, content: Path, file: Path | None, name: str) -> Config:
    """The config of a site made of one description, read from ``content``."""
    return Config(content, None, "", (DocsGroup(ALONE_GROUP, (section,)),), file, name, alone=True)


def refuse_output(config: Config, out: str | Path) -> None:
    """``OrgdocsError`` when a build's output folder ``out`` is, or is inside, a folder the build reads: the
    content folder or a changelog's updates (the next build would read what this one wrote)."""
    where = Path(out).resolve()
    # a description alone: its folder is not read (the build refuses to write over the file itself)
    read = [] if config.alone else [("content folder", config.content)]
    read += [
        (f"updates folder of {g.label!r}", g.updates) for g in config.groups if isinstance(g, ChangelogGroup)
    ]
    for what, folder in read:
        if where.is_relative_to(folder):
            raise OrgdocsError(
                f"is inside the {what} {folder}, which the build reads: choose an output folder outside it",
                source=str(out),
            )


def _validate(raw: Any, *, name: str, root: Path, file: Path | None) -> Config:
    if not isinstance(raw, Mapping):  # only a file's document can be other than a mapping
        raise ConfigError(
            "neither a docs config (a mapping with at least 'content') nor an API description ('openapi' or"
            " 'swagger', and 'paths')",
            source=name,
        )
    top = _properties(raw, "config", name, "")
    content = _folder(root, top["content"], name, "content")
    public = public_folder(root, top["public"], name)
    groups = []
    for i, group in enumerate(top["groups"]):
        place = f"groups[{i}]"
        if "changelog" in group:
            groups.append(_changelog_group(group, root, name, place))
        elif "group" in group:
            groups.append(_docs_group(group, content, public, name, place))
        else:
            _known_keys(group, ("docs group", "changelog group"), name, place)
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
    return Config(content, public, top["title"], tuple(groups), file, name, raw)


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
            "unknown key 'sections' (a changelog group lists its 'updates' folder instead)",
            source=name,
            place=place,
        )
    values = _properties(group, "changelog group", name, place)
    return ChangelogGroup(values["changelog"], _folder(root, values["updates"], name, f"{place}.updates"))


def _docs_group(group: Mapping, content: Path, public: Path, name: str, place: str) -> DocsGroup:
    values = _properties(group, "docs group", name, place)
    sections: list[PagesSection | SchemaSection] = []
    for j, raw in enumerate(values["sections"]):
        where = f"{place}.sections[{j}]"
        if "schema" not in raw:  # a pages section, or a schema section with a typo: both kinds' keys
            _known_keys(raw, ("pages section", "schema section"), name, where)
        if "schema" in raw:
            source = _properties(raw, "schema section", name, where)["schema"]
            _check_schema_source(source, content, public, name, f"{where}.schema")
            sections.append(SchemaSection(source))
        else:
            pages = PagesSection(**_properties(raw, "pages section", name, where))
            for k, page in enumerate(pages.pages):
                _check_page(page, content, name, f"{where}.pages[{k}]")
            sections.append(pages)
    return DocsGroup(values["group"], tuple(sections))


_SCHEME = re.compile(r"^(?:[A-Za-z][A-Za-z0-9+.-]*://|file:)", re.I)


def _check_page(page: str, content: Path, name: str, place: str) -> None:
    _below(content, page, "content", f"page {page!r}", name, place)
    if not page.lower().endswith(PAGE_SUFFIXES):
        kinds = ", ".join(PAGE_SUFFIXES)
        raise ConfigError(f"page '{page}' is not Markdown or a notebook ({kinds})", source=name, place=place)


def _check_schema_source(source: str, content: Path, public: Path, name: str, place: str) -> None:
    """``./x.yaml``, ``x/y.json``: below content; ``/x.json``: below public; http(s) URLs. Nothing else."""
    from orgdocs.loading import is_url

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


_REQUIRED = object()  # the default of a property that has none


def _text(value: Any, key: str, name: str, place: str) -> str:
    """A non-empty string."""
    if _string(value, key, name, place) == "":
        raise ConfigError(f"'{key}' should have at least 1 character", source=name, place=place or None)
    return value


def _string(value: Any, key: str, name: str, place: str) -> str:
    if not isinstance(value, str):
        raise ConfigError(f"'{key}' should be a valid string", source=name, place=place or None)
    return value


def _list(value: Any, key: str, name: str, place: str, kind: type, wrong: str) -> list:
    if not isinstance(value, list):
        raise ConfigError(f"'{key}' should be a valid list", source=name, place=place or None)
    for i, item in enumerate(value):
        if not isinstance(item, kind):
            raise ConfigError(wrong, source=name, place=f"{place}.{key}[{i}]" if place else f"{key}[{i}]")
    return value


def _mappings(value: Any, key: str, name: str, place: str) -> list:
    return _list(value, key, name, place, Mapping, "must be a mapping")


def _strings(value: Any, key: str, name: str, place: str) -> list:
    return _list(value, key, name, place, str, "should be a valid string")


# The properties of each kind of mapping, in the order they are checked: (check, default). The first problem
# found is the error: an unknown key, then a property's, in this order.
_SPECS: dict[str, dict[str, tuple[Any, Any]]] = {
    "config": {
        "content": (_text, _REQUIRED),
        "public": (_string, "public"),
        "title": (_string, ""),
        "groups": (_mappings, []),
    },
    "docs group": {"group": (_text, _REQUIRED), "sections": (_mappings, [])},
    "changelog group": {"changelog": (_text, _REQUIRED), "updates": (_text, _REQUIRED)},
    "pages section": {"section": (_text, _REQUIRED), "pages": (_strings, [])},
    "schema section": {"schema": (_text, _REQUIRED)},
}


def _known_keys(raw: Mapping, kinds: tuple[str, ...], name: str, place: str) -> None:
    """A ``ConfigError`` for the first key of ``raw`` that no mapping of ``kinds`` has: a mapping that could
    be either (a section, a group) is told its typo before the key it leaves missing."""
    known = [key for kind in kinds for key in _SPECS[kind]]
    for key in raw:
        if key not in known:
            raise ConfigError(_unknown_key(key, known, kinds), source=name, place=place or None)


def _unknown_key(key: Any, known: list[str], kinds: tuple[str, ...]) -> str:
    """``unknown key 'shcema' (did you mean 'schema'?)``; without a near key, the keys there are."""
    near = difflib.get_close_matches(str(key).lower(), known, n=1, cutoff=0.75)
    if near and near[0] != key:
        return f"unknown key {key!r} (did you mean {near[0]!r}?)"
    has = "; ".join(
        f"a {kind} has only {', '.join(repr(k) for k in _SPECS[kind])}"
        if len(_SPECS[kind]) == 1
        else f"a {kind} has {', '.join(repr(k) for k in _SPECS[kind])}"
        for kind in kinds
    )
    return f"unknown key {key!r} ({has})"


def _properties(raw: Mapping, kind: str, name: str, place: str) -> dict[str, Any]:
    """The properties of ``raw`` (a mapping of ``kind``), checked, with the defaults of those it omits."""
    _known_keys(raw, (kind,), name, place)
    values = {}
    for key, (check, default) in _SPECS[kind].items():
        if key in raw:
            values[key] = check(raw[key], key, name, place)
        elif default is _REQUIRED:
            raise ConfigError(f"missing required property '{key}'", source=name, place=place or None)
        else:
            values[key] = list(default) if isinstance(default, list) else default
    return values
