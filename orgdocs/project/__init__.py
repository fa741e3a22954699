"""The project layer: a docs project evaluated, and the rules every view of an operation shares.

Plain Python with no rendering: every renderer (static pages, dev server, widgets, tables, nbconvert) reads
the same ``Site`` and runs the same rules. Its face names what the renderers and the commands use; its
modules are private:

- the project: ``_config`` (``docs.config.yaml``: ``load_config``, ``Config``), ``_bundled`` (which config a
  command takes, else the bundled example), ``_site`` (``Site``: a config evaluated into routes, the endpoint
  index, search and payloads; ``_site_evaluation``, ``_site_search``, ``_site_payloads``), ``_entries`` and
  ``_routes`` (what is at each route), ``_handwritten_pages`` (hand-written pages and changelog updates),
  ``_public_folder`` (the ``public`` folder), ``_check`` and ``_problems`` (what ``orgdocs check`` reports);
- search: ``_search`` runs the site's ranking, ``assets/search.js``, in V8 (its rules are data:
  ``search_rules.json``); ``_search_file``: the search file's longer texts, in ``_search_words``'s words;
  ``_vocabulary``: readers' synonyms from ``vocabulary.json``, which ``python -m
  orgdocs.project.wordnet`` makes from WordNet's files (``wordnet``, ``_wordnet_files``, ``_wordnet_glosses``);
- an operation's page data: ``_payloads`` (the components it reaches), ``_payload_dicts`` (``operation_dict``),
  ``_strict_json`` (the JSON payloads are written in),
  ``_schema_pages`` (a page per component schema), ``_schemas`` (what a schema says once ``allOf`` is
  merged), ``_excerpts`` (``first_sentence``), ``_json_text`` (``indented``);
- examples: ``_examples`` states the rules, ``_example_walk`` (with ``_example_cuts``, ``_example_combinators``,
  ``_example_types`` and ``_example_limits``) and ``_example_values`` follow them,
  ``_pattern_example`` writes a string a ``pattern`` matches;
- requests, one rule set for the site's form, the notebook's and the code samples: ``_inputs`` (what a typed
  text is), ``_requests`` (``build_request``) with ``_parameter_values``, ``_value_text``,
  ``_parameter_styles`` (``requests.json``), ``_servers``, ``_request_body`` and ``_request_checks``,
  ``_security`` (credentials;
  ``security.json``), ``samples`` (code samples in nine languages; ``samples/languages.json``);
- answers: ``_conformance`` (``check_response``: does an answer fit its description?) and ``_mock`` (``Mock``:
  answers from a description alone; ``_mock_routes``, ``_mock_requests``, ``_mock_answers``).
"""

from orgdocs.project._bundled import bundled_config, default_config_path, find_config
from orgdocs.project._check import page_files, public_conflicts
from orgdocs.project._config import ChangelogGroup, Config, load_config, refuse_output
from orgdocs.project._conformance import check_response
from orgdocs.project._entries import OperationEntry, PageEntry
from orgdocs.project._examples import (
    Resolve,
    example_from_schema,
    left_out,
    media_example,
    operation_examples,
    parameter_example,
)
from orgdocs.project._excerpts import first_sentence
from orgdocs.project._handwritten_pages import notebook_title
from orgdocs.project._inputs import InputKind, input_kind, input_text, read_input
from orgdocs.project._json_text import indented
from orgdocs.project._mock import Mock
from orgdocs.project._mock_answers import Answer
from orgdocs.project._parameter_values import content_media, content_text, declared_value, path_order
from orgdocs.project._payload_dicts import operation_dict, security_scheme_dict
from orgdocs.project._payloads import PayloadParts, ReachIndex
from orgdocs.project._problems import Problem, count_label
from orgdocs.project._public_folder import OS_LITTER, hidden_files, public_files, tree_files
from orgdocs.project._request_checks import request_problems
from orgdocs.project._requests import RequestParts, build_request, to_httpx
from orgdocs.project._routes import RouteTable, payload_url
from orgdocs.project._schemas import (
    COMPONENT_SCHEMAS,
    fields_label,
    implicit_subtypes,
    merged_schema,
    scalar_union,
    target_of,
)
from orgdocs.project._security import (
    DEVICE_GRANT,
    applied_credentials,
    default_alternative,
    flow_summary,
    is_placeholder,
    oauth_flows,
    placeholder_credentials,
    scheme_inputs,
    scheme_kind,
    security_alternatives,
)
from orgdocs.project._servers import server_url
from orgdocs.project._site import Site
from orgdocs.project._site_evaluation import external_docs
from orgdocs.project._site_search import SEARCH_URL
from orgdocs.project._value_text import integral_numbers, is_json_media_type, text_of

__all__ = [
    "COMPONENT_SCHEMAS",
    "DEVICE_GRANT",
    "OS_LITTER",
    "SEARCH_URL",
    "Answer",
    "ChangelogGroup",
    "Config",
    "InputKind",
    "Mock",
    "OperationEntry",
    "PageEntry",
    "PayloadParts",
    "Problem",
    "ReachIndex",
    "RequestParts",
    "Resolve",
    "RouteTable",
    "Site",
    "applied_credentials",
    "build_request",
    "bundled_config",
    "check_response",
    "content_media",
    "content_text",
    "count_label",
    "declared_value",
    "default_alternative",
    "default_config_path",
    "example_from_schema",
    "external_docs",
    "fields_label",
    "find_config",
    "first_sentence",
    "flow_summary",
    "hidden_files",
    "implicit_subtypes",
    "indented",
    "input_kind",
    "input_text",
    "integral_numbers",
    "is_json_media_type",
    "is_placeholder",
    "left_out",
    "load_config",
    "media_example",
    "merged_schema",
    "notebook_title",
    "oauth_flows",
    "operation_dict",
    "operation_examples",
    "page_files",
    "parameter_example",
    "path_order",
    "payload_url",
    "placeholder_credentials",
    "public_conflicts",
    "public_files",
    "read_input",
    "refuse_output",
    "request_problems",
    "scalar_union",
    "scheme_inputs",
    "scheme_kind",
    "security_alternatives",
    "security_scheme_dict",
    "server_url",
    "target_of",
    "text_of",
    "to_httpx",
    "tree_files",
]
