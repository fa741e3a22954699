"""The requests sent from the notebook views, as data: every Send of every form, in order.

Each exchange keeps what a reader asks of it afterwards: when, which operation, method, URL (credentials as
placeholders, as everywhere a request is shown), status, time and size, and the ``httpx.Response`` itself (or
the error). ``History.frame()`` is the table; ``HISTORY`` is the kernel's, and a form or an Explorer shows
the part of it that is its own.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import httpx
    import pandas as pd

__all__ = ["HISTORY", "Exchange", "History", "history"]

COLUMNS = (
    "time",
    "operation",
    "route",
    "method",
    "url",
    "status",
    "elapsed_ms",
    "bytes",
    "error",
    "response",
)


@dataclass(frozen=True)
class Exchange:
    """One request sent from a form, and what came back (``response``) or why not (``error``)."""

    time: datetime
    operation: str  # the operationId, else the method and path
    route: str
    method: str
    url: str  # credentials as placeholders
    status: int | None
    elapsed_ms: float | None
    bytes: int | None
    error: str
    response: httpx.Response | None
    form: int = 0  # which form sent it (its id): a form's and an Explorer's own part of the history


class History:
    """Exchanges in the order they were sent. ``frame()`` is the table (one row each, the response in the
    ``response`` column); ``history[i].response`` the answer of one."""

    def __init__(self, exchanges: list[Exchange] | None = None):
        self._exchanges: list[Exchange] = exchanges if exchanges is not None else []

    def __len__(self) -> int:
        return len(self._exchanges)

    def __iter__(self) -> Iterator[Exchange]:
        return iter(list(self._exchanges))

    def __getitem__(self, index: int) -> Exchange:
        return self._exchanges[index]

    def __repr__(self) -> str:
        return f"<History: {len(self)} request{'s' if len(self) != 1 else ''}>"

    def record(
        self,
        *,
        operation: str,
        route: str,
        method: str,
        url: str,
        response: httpx.Response | None = None,
        elapsed_ms: float | None = None,
        error: BaseException | None = None,
        form: int = 0,
    ) -> Exchange:
        exchange = Exchange(
            time=datetime.now(timezone.utc),
            operation=operation,
            route=route,
            method=method,
            url=url,
            status=response.status_code if response is not None else None,
            elapsed_ms=round(elapsed_ms, 1) if elapsed_ms is not None else None,
            bytes=len(response.content) if response is not None else None,
            error=f"{type(error).__name__}: {error}" if error is not None else "",
            response=response,
            form=form,
        )
        self._exchanges.append(exchange)
        return exchange

    def where(self, forms: set[int] | None = None) -> History:
        """The exchanges some forms sent (their ids; ``None``: all), as a history of their own."""
        return History([e for e in self._exchanges if forms is None or e.form in forms])

    def clear(self) -> None:
        self._exchanges.clear()

    def frame(self) -> pd.DataFrame:
        """One row per request: time (UTC), operation, route, method, URL, status, elapsed ms, bytes, error
        and the ``httpx.Response``."""
        import pandas as pd

        rows = [{name: getattr(e, name) for name in COLUMNS} for e in self._exchanges]
        df = pd.DataFrame(rows, columns=list(COLUMNS))
        df["time"] = pd.to_datetime(df["time"], utc=True)
        for name in ("status", "bytes"):
            df[name] = df[name].astype("Int64")
        df["elapsed_ms"] = df["elapsed_ms"].astype("float64")
        return df

    def _repr_html_(self) -> str:
        return self.frame().drop(columns="response").to_html(escape=True, border=0, na_rep="")

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        return {"text/plain": repr(self.frame().drop(columns="response")), "text/html": self._repr_html_()}


HISTORY = History()  # every request sent from a view of this kernel


def history() -> pd.DataFrame:
    """Every request sent from the notebook views of this kernel, as a DataFrame (see ``History.frame``)."""
    return HISTORY.frame()
