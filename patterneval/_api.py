"""How the package states its public API once: ``__all__`` from the imports, and the
docstring parts that several public functions share.

Each ``__init__`` imports its public names explicitly (no star imports) and ends with
``__all__ = public_names(globals())``, so the list of names is written once, in the
imports. A module whose functions share a docstring section (the same parameters, the same
reference) writes it once in a dict and fills it in with :func:`doc_parts` (the idiom of
SciPy's ``doccer``): the filled docstring is what ``help``, numpydoc and doctest see.
"""

from __future__ import annotations

from types import ModuleType

__all__ = ["doc_parts", "public_names"]


def public_names(namespace: dict) -> list[str]:
    """The sorted public names of a module namespace, its submodules left out.

    Parameters
    ----------
    namespace : dict
        A module's ``globals()``, once its imports are done.

    Returns
    -------
    list of str
        Every name that does not start with ``_`` and is not bound to a module.

    Examples
    --------
    >>> import math
    >>> from patterneval._api import public_names
    >>> public_names({"pi": math.pi, "math": math, "_private": 1, "floor": math.floor})
    ['floor', 'pi']
    """
    return sorted(name for name, value in namespace.items()
                  if not name.startswith("_") and not isinstance(value, ModuleType))


def doc_parts(parts: dict):
    """A decorator that replaces each ``%(name)s`` of a docstring by ``parts[name]``.

    Parameters
    ----------
    parts : dict of str to str
        Docstring sections by name, their continuation lines indented by four spaces
        (as in the docstring of a module-level function).

    Returns
    -------
    callable
        Takes a function, fills its docstring in place and returns the function.

    Examples
    --------
    >>> from patterneval._api import doc_parts
    >>> @doc_parts({"returns": "Returns\\n    -------\\n    float"})
    ... def f():
    ...     '''One.
    ...
    ...     %(returns)s
    ...     '''
    >>> print(f.__doc__.strip())
    One.
    <BLANKLINE>
        Returns
        -------
        float
    """
    def fill(func):
        for name, text in parts.items():
            func.__doc__ = func.__doc__.replace(f"%({name})s", text)
        return func

    return fill
