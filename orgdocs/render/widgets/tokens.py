"""The credentials of the notebook views, kept in kernel memory only and shared by the forms of a group.

Keys are a group's key (its token, the Explorer's ``set_token``) and ``"<group key> / <scheme>:<field>"``
(one credential of a security scheme). A credential typed into a form is moved here at once and the input is
cleared, so it never sits in widget state (which JupyterLab and nbclient save into the notebook). Nothing
here prints, renders or reprs a credential: code samples show placeholders, and the store's repr names only
the keys that hold one. Forgetting a group's key forgets every credential under it.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

__all__ = ["TOKENS", "TokenStore"]

Listener = Callable[[str], None]  # called with the group whose token was set or cleared


class TokenStore:
    """Tokens by group label. Forms subscribe to hear when their group's token is set or cleared."""

    def __init__(self) -> None:
        self._tokens: dict[str, str] = {}
        # group -> listeners; bound methods are held weakly so a form that is gone is not kept alive
        self._listeners: dict[str, list[weakref.ref]] = {}

    def __repr__(self) -> str:
        return (
            f"<TokenStore: a token for {sorted(self._tokens)!r}>" if self._tokens else "<TokenStore: empty>"
        )

    def __contains__(self, group: object) -> bool:
        return group in self._tokens

    def get(self, group: str) -> str | None:
        return self._tokens.get(group)

    def set(self, group: str, token: str | None) -> None:
        """Keep ``token`` for ``group`` (surrounding blanks stripped); an empty or ``None`` token clears it."""
        token = (token or "").strip()
        if token:
            if self._tokens.get(group) == token:
                return
            self._tokens[group] = token
        else:
            for key in [k for k in self._tokens if k.startswith(group + " / ")]:
                self.set(key, None)
            if self._tokens.pop(group, None) is None:
                return
        self._notify(group)

    def clear(self, group: str | None = None) -> None:
        """Forget the token of ``group``, or every token."""
        for name in [group] if group is not None else list(self._tokens):
            self.set(name, None)

    def subscribe(self, group: str, listener: Listener) -> None:
        """Call ``listener(group)`` whenever the token of ``group`` changes."""
        ref = weakref.WeakMethod(listener) if hasattr(listener, "__self__") else weakref.ref(listener)
        self._listeners.setdefault(group, []).append(ref)

    def _notify(self, group: str) -> None:
        alive = []
        for ref in self._listeners.get(group, []):
            listener = ref()
            if listener is not None:
                alive.append(ref)
                listener(group)
        self._listeners[group] = alive


TOKENS = TokenStore()  # the kernel's store, shared by every form unless one is given its own
