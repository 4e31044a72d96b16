"""Thread pools: BLAS held to one thread around many small products, and the row blocks
spread over Python threads instead (numpy releases the GIL in its products and ufuncs).

scikit-learn's ``KMeans`` does the same with OpenMP: it holds BLAS to one thread inside
its fit and runs its Cython loop over row chunks on ``OMP_NUM_THREADS`` threads. Here the
thread count is what BLAS would have used (``threadpoolctl``'s view, so a caller's
``threadpool_limits(1)`` makes the work serial). Results never depend on the count: each
block is computed alone and block results are combined in block order.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

from threadpoolctl import ThreadpoolController

__all__ = ["block_workers"]


@functools.cache
def _controller() -> ThreadpoolController:
    """One controller per process: inspecting the loaded libraries costs milliseconds,
    limiting through a controller microseconds."""
    return ThreadpoolController()


def _blas_threads() -> int:
    """Threads BLAS would use now (1 if no BLAS is loaded or threadpoolctl cannot see it)."""
    return max(
        (lib.num_threads for lib in _controller().select(user_api="blas").lib_controllers),
        default=1,
    )


@contextlib.contextmanager
def block_workers(n_blocks: int) -> Iterator[ThreadPoolExecutor | None]:
    """BLAS held to one thread, and a pool of ``min(n_blocks, BLAS threads)`` Python threads
    for the blocks (``None`` when that is one: the caller runs the blocks itself)."""
    n_threads = min(n_blocks, _blas_threads())
    with _controller().limit(limits=1, user_api="blas"):
        if n_threads <= 1:
            yield None
        else:
            with ThreadPoolExecutor(max_workers=n_threads) as pool:
                yield pool
