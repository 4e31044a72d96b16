"""Sphinx extension: launch buttons (Binder, Colab, JupyterHub) only for a real repository.

One setting turns them on: ``repository.url`` in ``_config.yml`` (Jupyter Book passes it
to the theme as ``html_theme_options["repository_url"]``), the public GitHub repository
the site was built from, ``https://github.com/<owner>/<repo>``.

* Empty (the default): the theme's ``launch_buttons`` are dropped, so no page carries a
  rocket menu or a link to Binder or Colab, and the ``launch`` tag stays unset, so the
  introduction's ``{only} launch`` block (how to start a chapter online) is left out.
* Set: the theme draws the buttons from it (``launch_buttons`` and ``repository.branch``
  in ``_config.yml``; JupyterHub only when ``launch_buttons.jupyterhub_url`` is set too),
  the ``launch`` tag is set, and the MyST substitutions ``{{ repository_url }}`` and
  ``{{ colab_install }}`` (the ``pip install`` line a Colab reader runs first) carry the
  URL into the introduction.

The repository button (the GitHub icon in each page's header) follows the same switch:
``use_repository_button`` is set from it, whatever ``html.use_repository_button`` says.

A URL that is not a GitHub repository stops the build: Colab opens notebooks from GitHub
only, and the theme would otherwise fail later with a less clear message.
"""

from __future__ import annotations

import re

from sphinx.errors import ConfigError

TAG = "launch"
_GITHUB = re.compile(r"^https://github\.com/[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$")
# Every chapter needs the explorers' extra; Colab already has the peer libraries most
# chapters compare against (see the introduction for the ones it lacks).
COLAB_EXTRA = "widgets"


def repository_url(theme_options: dict) -> str:
    """The configured repository URL, normalised (no trailing slash or ``.git``); "" if unset."""
    url = str(theme_options.get("repository_url") or "").strip().rstrip("/")
    return url.removesuffix(".git")


def colab_install(url: str) -> str:
    """The notebook line that installs patterneval from ``url`` (for a Colab reader)."""
    return f'!pip install "patterneval[{COLAB_EXTRA}] @ git+{url}"'


def _configure(app, config) -> None:
    options = dict(config.html_theme_options or {})
    url = repository_url(options)
    if not url:
        # No repository: nothing may point at one (sphinx-book-theme would otherwise draw
        # the buttons from a URL it does not have, or fail on the missing one).
        options.pop("launch_buttons", None)
        options.pop("repository_url", None)
        options["use_repository_button"] = False
    elif not _GITHUB.match(url):
        raise ConfigError(
            f"repository.url in _config.yml must be https://github.com/<owner>/<repo> "
            f"(Binder and Colab open the chapters from GitHub); got {url!r}"
        )
    else:
        options["repository_url"] = url
        options["use_repository_button"] = True
        app.tags.add(TAG)
    config.html_theme_options = options
    config.myst_substitutions = {
        **(config.myst_substitutions or {}),
        "repository_url": url,
        "colab_install": f"`{colab_install(url)}`" if url else "",
    }


def setup(app):
    # before sphinx-book-theme's handlers (500) read the theme options
    app.connect("config-inited", _configure, priority=400)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
