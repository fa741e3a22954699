"""What a request form raises, and how an error met while building or sending a request is told.

OrgdocsError
 +-- FormError          the request cannot be built: an invalid input, a body that is not JSON, no server
      +-- RefusedError  the request would go to a server the description neither declares nor allows
"""

from __future__ import annotations

import httpx

from orgdocs.errors import OrgdocsError

__all__ = ["TRY_THE_MOCK", "FormError", "RefusedError", "describe_error"]


# where there is no server to send to (none declared, none running): the description alone can answer
TRY_THE_MOCK = (
    "to try the API with no server, pass client=orgdocs.mock_client(api): it answers from the description"
)


class FormError(OrgdocsError):
    """A request form cannot build its request: an invalid input, a body that is not JSON, no server."""


class RefusedError(FormError):
    """The request would go to a server that is neither declared by the description nor allowed."""


def describe_error(error: BaseException) -> tuple[str, str]:
    """(title, detail) for an error met while building or sending a request."""
    if isinstance(error, RefusedError):
        return "Request refused", str(error)
    if isinstance(error, FormError):
        return "Cannot build the request", str(error)
    if isinstance(error, httpx.TimeoutException):
        return "Timed out", f"no answer within the client's timeout ({error})"
    if isinstance(error, httpx.ConnectError):
        return (
            "Connection failed",
            f"{error} (is the server running, and is the URL right? Or, {TRY_THE_MOCK})",
        )
    return f"Request failed ({type(error).__name__})", str(error)
