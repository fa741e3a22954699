"""The credentials of the notebook views, kept in kernel memory only and shared by the forms of a group.

Keys are a group's key (its token, the Explorer's ``set_token``) and ``"<group key> / <scheme>:<field>"``
(one credential of a security scheme). A credential typed into a form is moved here at once and the input is
cleared, so it never sits in widget state (which JupyterLab and nbclient save into the notebook). A key may
instead name an environment variable (``set_env``): its value is read from the kernel's environment each time
it is asked for, so the notebook never sees it typed. Nothing here prints, renders or reprs a credential: code
samples show placeholders, and the store's repr names only the keys that hold one. Forgetting a group's key
forgets every credential under it.
"""

from __future__ import annotations

import os
import weakref
from collections.abc import Callable

__all__ = ["TOKENS", "TokenStore"]

Listener = Callable[[str], None]  # called with the group whose token was set or cleared


class TokenStore:
    """Tokens by group label. Forms subscribe to hear when their group's token is set or cleared."""

    def __init__(self) -> None:
        self._tokens: dict[str, str] = {}
        self._env: dict[str, str] = {}  # key -> the environment variable its value is read from
        # group -> listeners; bound methods are held weakly so a form that is gone is not kept alive
        self._listeners: dict[str, list[weakref.ref]] = {}

    def __repr__(self) -> str:
        keys = sorted({*self._tokens, *self._env})
        return f"<TokenStore: a token for {keys!r}>" if keys else "<TokenStore: empty>"

    def __contains__(self, group: object) -> bool:
        return group in self._tokens or group in self._env

    def get(self, group: str) -> str | None:
        """The credential of ``group``: its value, or its environment variable's (``None`` when unset)."""
        if group in self._env:
            return (os.environ.get(self._env[group]) or "").strip() or None
        return self._tokens.get(group)

    def values(self) -> list[str]:
        """Every credential value held in memory (for redaction; never shown)."""
        return list(self._tokens.values())

    def env_name(self, group: str) -> str | None:
        """The environment variable ``group``'s credential is read from, if it is read from one."""
        return self._env.get(group)

    def set_env(self, group: str, name: str | None) -> None:
        """Read the credential of ``group`` from the environment variable ``name`` (``None`` forgets it)."""
        name = (name or "").strip()
        if name and not name.replace("_", "a").isalnum():
            raise ValueError(f"{name!r} is not an environment variable name")
        if self._env.get(group) == (name or None) and group not in self._tokens:
            return
        self._tokens.pop(group, None)
        if name:
            self._env[group] = name
        else:
            self._env.pop(group, None)
        self._notify(group)

    def set(self, group: str, token: str | None) -> None:
        """Keep ``token`` for ``group`` (surrounding blanks stripped); an empty or ``None`` token clears it."""
        token = (token or "").strip()
        if token:
            if self._tokens.get(group) == token and group not in self._env:
                return
            self._env.pop(group, None)
            self._tokens[group] = token
        else:
            for key in [k for k in {*self._tokens, *self._env} if k.startswith(group + " / ")]:
                self.set(key, None)
            had = self._tokens.pop(group, None) is not None
            if self._env.pop(group, None) is None and not had:
                return
        self._notify(group)

    def forget(self, group: str) -> None:
        """Forget the credential of ``group`` itself (its value or its variable), not those kept under it."""
        had = self._tokens.pop(group, None) is not None
        if self._env.pop(group, None) is not None or had:
            self._notify(group)

    def clear(self, group: str | None = None) -> None:
        """Forget the token of ``group``, or every token."""
        for name in [group] if group is not None else sorted({*self._tokens, *self._env}):
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
