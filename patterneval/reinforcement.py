r"""Finite Markov decision processes: dynamic programming, Monte Carlo and temporal-difference
learning, Q-learning.

Setting (强化学习; chapter "Reinforcement learning"). A finite MDP has states :math:`s = 0..S-1`, actions
:math:`a = 0..A-1`, transition probabilities :math:`P(s' \mid s, a)` and rewards
:math:`R(s, a, s')` (or their expectation :math:`r(s, a) = \sum_{s'} P(s' \mid s, a) R(s, a, s')`),
and a discount factor :math:`\gamma \in [0, 1]`. Terminal states end an episode; their
value is 0 and nothing is collected after them. The return from time t is

.. math:: G_t = R_{t+1} + \gamma R_{t+2} + \gamma^2 R_{t+3} + \dots

(rewards discounted relative to t, not to the start of the episode), and the value of a
policy :math:`\pi` is :math:`v_\pi(s) = E_\pi[G_t \mid S_t = s]`. It solves the Bellman
expectation equation, a *linear system*

.. math:: v_\pi = r_\pi + \gamma P_\pi v_\pi,\qquad
          r_\pi(s) = \sum_a \pi(a \mid s) r(s, a),\quad
          P_\pi(s, s') = \sum_a \pi(a \mid s) P(s' \mid s, a).

Episodes are sampled from precomputed cumulative tables with uniforms drawn from ``rng``
in blocks, so the inner loops touch only Python floats and lists.
"""

from __future__ import annotations

import bisect
import dataclasses
import warnings
from collections.abc import Sequence
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike
from sklearn.exceptions import ConvergenceWarning

from ._api import keywords
from ._results import Result
from ._ties import TIE_RTOL
from ._validation import check_array, check_bool, check_choice, check_rng, check_scalar, fail

__all__ = [
    "ACTIONS",
    "MDP",
    "ControlResult",
    "Episode",
    "PlanningResult",
    "PredictionResult",
    "action_values",
    "discounted_return",
    "n_step_return",
    "epsilon_greedy",
    "greedy_policy",
    "learning_curve",
    "monte_carlo_evaluation",
    "policy_evaluation",
    "policy_iteration",
    "q_learning",
    "sample_episode",
    "sarsa",
    "td0",
    "td_lambda",
    "value_iteration",
]

#: Gridworld actions in index order, as (row step, column step).
ACTIONS = {"up": (-1, 0), "right": (0, 1), "down": (1, 0), "left": (0, -1)}


class MDP:
    r"""A finite Markov decision process.

    Parameters
    ----------
    transitions : array of shape (S, A, S)
        ``transitions[s, a, s2]`` is :math:`P(s_2 \mid s, a)`; every row sums to 1.
    rewards : array of shape (S, A) or (S, A, S)
        Reward of taking ``a`` in ``s`` (and landing in ``s2``); finite, and with
        ``max |R| / (1 - gamma)`` (the bound on every value) below 1e300, else the values
        would overflow: ValueError. With gamma = 1, values that overflow raise when computed.
    gamma : float in [0, 1]
        Discount factor; 1 is allowed only with terminal states (episodic tasks).
    terminal : None, state indices or boolean mask, keyword-only
        Absorbing states of value 0 that end an episode (their rows are ignored).
    state_names, action_names : sequences of labels, keyword-only
        One label per state (per action); default ``"s0", "s1", ...`` (``"a0", ...``).

    Attributes
    ----------
    P : ndarray of shape (S, A, S)
        Transition probabilities, read-only; terminal states absorbing.
    R : ndarray of shape (S, A, S)
        Rewards (a (S, A) ``rewards`` broadcast over ``s2``), read-only; 0 in terminal rows.
    r : ndarray of shape (S, A)
        Expected reward :math:`r(s, a) = \sum_{s'} P(s' \mid s, a) R(s, a, s')`.
    terminal : ndarray of bool, shape (S,)
    n_states, n_actions : int
        S and A.
    gamma : float
    state_names, action_names : list of str

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.reinforcement import MDP, policy_evaluation
    >>> mdp = MDP(np.ones((1, 1, 1)), [[2.0]], 0.9)   # reward 2 forever
    >>> round(float(policy_evaluation(mdp, [0])[0]), 10)   # 2 / (1 - 0.9)
    20.0
    """

    def __init__(
        self,
        transitions: ArrayLike,
        rewards: ArrayLike,
        gamma: float,
        *,
        terminal: ArrayLike | None = None,
        state_names: Sequence | None = None,
        action_names: Sequence | None = None,
    ) -> None:
        P, R = check_mdp_arrays(transitions, rewards)
        S, A = P.shape[:2]
        self.terminal = check_state_set("terminal", terminal, S)
        if self.terminal.all():
            raise fail(
                "terminal",
                "a set of states that leaves one non-terminal",
                f"all {S} states",
                echo=False,
            )
        # gamma = 1 only for an episodic task: without terminal states the return can be infinite
        episodic = bool(self.terminal.any())
        self.gamma = check_scalar(
            "gamma",
            gamma,
            float,
            low=0,
            high=1,
            closed="both" if episodic else "left",
            hint=""
            if episodic
            else "With no terminal state, gamma = 1 would "
            "make the return infinite; pass terminal=... or gamma < 1.",
        )
        # values are bounded by max |R| / (1 - gamma): past the float range every value, and
        # every comparison of values, would be inf or NaN
        with np.errstate(over="ignore", divide="ignore"):
            bound = float(np.max(np.abs(R))) / (1.0 - self.gamma) if self.gamma < 1 else 0.0
        if not bound <= 1e300:
            raise fail(
                "rewards",
                "rewards whose values are finite in double precision "
                "(max |R| / (1 - gamma) below 1e300)",
                f"max |R| = {np.max(np.abs(R)):.3g} with gamma = {self.gamma:g}",
                echo=False,
                hint="Rescale the rewards.",
            )
        self.state_names = check_name_list("state_names", state_names, S, "s")
        self.action_names = check_name_list("action_names", action_names, A, "a")
        # terminal states: absorbing, reward 0 (whatever their rows said)
        P, R = P.copy(), R.copy()
        for s in np.flatnonzero(self.terminal):
            P[s] = 0.0
            P[s, :, s] = 1.0
            R[s] = 0.0
        for arr in (P, R):
            arr.flags.writeable = False
        self.P, self.R = P, R
        self.r = (P * R).sum(axis=2)
        self.r.flags.writeable = False
        self.n_states, self.n_actions = S, A

    def policy_matrices(self, policy: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
        r"""``(r_pi, P_pi)`` of a policy, with terminal rows zeroed (their value is 0).

        Parameters
        ----------
        policy : array_like, shape (n_states,) or (n_states, n_actions)
            One action index per state, or action probabilities (rows summing to 1).

        Returns
        -------
        r_pi : ndarray, shape (n_states,)
            Expected reward of each state under the policy.
        P_pi : ndarray, shape (n_states, n_states)
            Transition matrix under the policy.
        """
        pi = check_policy(policy, self.n_states, self.n_actions)
        r_pi = (pi * self.r).sum(axis=1)
        P_pi = np.einsum("sa,sat->st", pi, self.P)
        r_pi[self.terminal] = 0.0
        P_pi[self.terminal] = 0.0
        return r_pi, P_pi

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(n_states={self.n_states}, n_actions={self.n_actions}, "
            f"gamma={self.gamma:g}, terminal={np.flatnonzero(self.terminal).tolist()})"
        )


def _check_mdp(mdp) -> MDP:
    if not isinstance(mdp, MDP):
        raise fail(
            "mdp",
            "a patterneval.reinforcement.MDP",
            type(mdp).__name__,
            error=TypeError,
            echo=False,
        )
    return mdp


# --- dynamic programming -------------------------------------------------------------


def policy_evaluation(
    mdp: MDP,
    policy: ArrayLike,
    *,
    method: Literal["linear", "iterative"] = "linear",
    tol: float = 1e-12,
    max_iter: int = 1_000_000,
) -> np.ndarray:
    r"""The value :math:`v_\pi` of a policy, from the Bellman expectation equation.

    ``method="linear"`` solves the linear system :math:`(I - \gamma P_\pi) v = r_\pi`
    (:math:`O(S^3)`); ``method="iterative"`` repeats the backup
    :math:`v_{k+1} = r_\pi + \gamma P_\pi v_k` (:math:`O(S^2)` per sweep) until
    :math:`\lVert v_{k+1} - v_k \rVert_\infty \le` ``tol``. Both give the same vector: it is a
    linear system, not a linear programme (the course notes say the latter).

    Parameters
    ----------
    mdp : MDP
    policy : S action indices, or an (S, A) probability matrix
    method : {"linear", "iterative"}, keyword-only
    tol : float > 0, stopping tolerance of the iterative method
    max_iter : int

    Returns
    -------
    ndarray of shape (S,); terminal states get 0.

    References
    ----------
    Bellman, R. (1957). *Dynamic Programming*. Princeton University Press.
    Sutton, R. S. & Barto, A. G. (2018). *Reinforcement Learning: An Introduction*, 2nd ed.,
    MIT Press, ISBN 9780262039246, section 4.1.

    Examples
    --------
    >>> from patterneval.book.reinforcement import gridworld
    >>> from patterneval.reinforcement import policy_evaluation
    >>> g = gridworld()
    >>> v = policy_evaluation(g, [1] * g.n_states)          # always "right"
    >>> w = policy_evaluation(g, [1] * g.n_states, method="iterative")
    >>> bool(abs(v - w).max() < 1e-10)
    True
    """
    mdp = _check_mdp(mdp)
    method = check_choice("method", method, ("linear", "iterative"))
    tol = check_scalar("tol", tol, float, low=0, closed="neither")
    max_iter = check_scalar("max_iter", max_iter, int, low=1)
    r_pi, P_pi = mdp.policy_matrices(policy)
    check_proper_policy(P_pi, mdp.terminal, mdp.gamma)
    if method == "linear":
        return _finite_values(np.linalg.solve(np.eye(mdp.n_states) - mdp.gamma * P_pi, r_pi))
    v = np.zeros(mdp.n_states)
    for _ in range(max_iter):
        with np.errstate(over="ignore", invalid="ignore"):
            new = _finite_values(r_pi + mdp.gamma * (P_pi @ v))
        if np.max(np.abs(new - v)) <= tol:
            return new
        v = new
    raise RuntimeError(
        f"iterative policy evaluation did not reach tol={tol:g} in {max_iter} sweeps."
    )


def _finite_values(v):
    """State values, if finite: with gamma = 1 a long expected episode times large rewards can
    overflow (gamma < 1 is bounded when the MDP is built)."""
    if not np.all(np.isfinite(v)):
        raise fail(
            "mdp",
            "an MDP whose state values are finite in double precision",
            "values that overflow",
            echo=False,
            hint="Rescale the rewards.",
        )
    return v


def action_values(mdp: MDP, values: ArrayLike) -> np.ndarray:
    r"""One-step lookahead :math:`q(s, a) = r(s, a) + \gamma \sum_{s'} P(s' \mid s, a) v(s')`.

    Terminal rows are 0. Complexity :math:`O(S^2 A)`.

    Parameters
    ----------
    mdp : MDP
    values : array_like of shape (S,)
        State values :math:`v` to look ahead to (e.g. from :func:`policy_evaluation`).

    Returns
    -------
    ndarray of shape (S, A)
        :math:`q(s, a)`; :math:`q = q_\pi` when ``values`` is :math:`v_\pi`.

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.reinforcement import MDP, action_values
    >>> mdp = MDP(np.ones((1, 2, 1)), [[1.0, 2.0]], 0.5)
    >>> action_values(mdp, [4.0]).tolist()
    [[3.0, 4.0]]
    """
    mdp = _check_mdp(mdp)
    v = check_state_values("values", values, mdp.n_states)
    q = mdp.r + mdp.gamma * (mdp.P @ v)
    q[mdp.terminal] = 0.0
    return q


def greedy_policy(q: ArrayLike, *, atol: float = 1e-12, rtol: float = TIE_RTOL) -> np.ndarray:
    r"""The greedy policy :math:`\pi(s) = \arg\max_a q(s, a)`; actions within
    ``atol + rtol * |max_a q(s, a)|`` of the best count as tied and the lowest action index
    wins, so rounding in the action values (which differs between CPUs) cannot flip it.

    Parameters
    ----------
    q : array_like of shape (S, A)
        Action values, non-empty.
    atol : float >= 0, default 1e-12, keyword-only
        Absolute tie tolerance.
    rtol : float in [0, 1], default 1e-12, keyword-only
        Relative tie tolerance (the library's ``TIE_RTOL``).

    Returns
    -------
    ndarray of int, shape (S,)
        The greedy action of each state.

    Examples
    --------
    >>> from patterneval.reinforcement import greedy_policy
    >>> greedy_policy([[0.0, 1.0], [2.0, 2.0]]).tolist()
    [1, 0]
    """
    q = check_array("q", q, ndim=2, shape_hint="(n_states, n_actions)")
    atol = check_scalar("atol", atol, float, low=0)
    rtol = check_scalar("rtol", rtol, float, low=0, high=1)
    best = q.max(axis=1, keepdims=True)
    return np.argmax(q >= best - (atol + rtol * np.abs(best)), axis=1)


def epsilon_greedy(q: ArrayLike, epsilon: float) -> np.ndarray:
    r"""The epsilon-greedy policy matrix of ``q``: with probability :math:`\varepsilon` a
    uniformly random action (the greedy one included), otherwise the greedy action, so
    the greedy action has probability :math:`1 - \varepsilon + \varepsilon / A`.

    Parameters
    ----------
    q : array_like of shape (S, A)
        Action values; the greedy action follows :func:`greedy_policy`'s tie rule.
    epsilon : float in [0, 1]
        Exploration probability; 0 gives the greedy policy, 1 the uniform one.

    Returns
    -------
    ndarray of shape (S, A)
        The policy matrix, rows summing to 1 (accepted wherever a ``policy`` is).

    Examples
    --------
    >>> from patterneval.reinforcement import epsilon_greedy
    >>> epsilon_greedy([[0.0, 1.0]], 0.2).tolist()
    [[0.1, 0.9]]
    """
    epsilon = check_scalar("epsilon", epsilon, float, low=0, high=1)
    greedy = greedy_policy(q)
    n_states, n_actions = np.shape(q)
    pi = np.full((n_states, n_actions), epsilon / n_actions)
    pi[np.arange(n_states), greedy] += 1.0 - epsilon
    return pi


@dataclasses.dataclass(frozen=True, repr=False)
class PlanningResult(Result):
    """Output of :func:`policy_iteration` and :func:`value_iteration`.

    Attributes
    ----------
    values : ndarray (S,), the (optimal) state values.
    policy : ndarray (S,), a greedy (optimal) action per state.
    q : ndarray (S, A), the action values of ``values``.
    iterations : int
    history : ndarray (iterations,), :math:`\\lVert v_k - v_{k-1} \\rVert_\\infty` (one
        number per sweep, always kept).
    value_history : ndarray (iterations + 1, S) :math:`v_0, v_1, \\dots` if the solver was
        called with ``keep_history=True``, else None (it takes O(iterations S) memory).
    converged : bool
    """

    values: np.ndarray
    policy: np.ndarray
    q: np.ndarray
    iterations: int
    history: np.ndarray
    value_history: np.ndarray | None = dataclasses.field(repr=False)
    converged: bool


def policy_iteration(
    mdp: MDP,
    *,
    policy: ArrayLike | None = None,
    max_iter: int = 1000,
    keep_history: bool = False,
) -> PlanningResult:
    r"""Howard's policy iteration: evaluate (linear solve), improve greedily, repeat until
    the policy is stable.

    The policy improvement theorem: if :math:`\pi'` is greedy with respect to
    :math:`q_\pi` then :math:`v_{\pi'} \ge v_\pi` state by state, with equality only when
    :math:`\pi` is optimal. A finite MDP has finitely many deterministic policies, so the
    loop stops, typically after few iterations, each costing :math:`O(S^3 + S^2 A)`. On
    ties the current action is kept, which rules out cycling.

    Parameters
    ----------
    mdp : MDP
    policy : initial deterministic policy, default action 0 everywhere (must be proper if gamma = 1)
    max_iter : int
        Most improvement steps. If the policy is still changing after them, the result is
        returned with ``converged=False`` and a ``ConvergenceWarning``.
    keep_history : bool, default False
        Keep the values of every evaluated policy in ``value_history``.

    Returns
    -------
    PlanningResult

    Warns
    -----
    ConvergenceWarning
        If ``max_iter`` improvement steps did not reach a stable policy.

    References
    ----------
    Howard, R. A. (1960). *Dynamic Programming and Markov Processes*. MIT Press.
    Sutton & Barto (2018), section 4.3.

    Examples
    --------
    >>> from patterneval.book.reinforcement import gridworld
    >>> from patterneval.reinforcement import policy_iteration, value_iteration
    >>> g = gridworld()
    >>> pi = policy_iteration(g)
    >>> vi = value_iteration(g)
    >>> bool((pi.policy == vi.policy).all()), bool(abs(pi.values - vi.values).max() < 1e-8)
    (True, True)
    """
    mdp = _check_mdp(mdp)
    max_iter = check_scalar("max_iter", max_iter, int, low=1)
    current = np.zeros(mdp.n_states, dtype=int) if policy is None else policy
    pi_matrix = check_policy(current, mdp.n_states, mdp.n_actions)
    current = np.argmax(pi_matrix, axis=1)
    if not np.allclose(pi_matrix.max(axis=1), 1.0):
        raise fail(
            "policy",
            "deterministic (action indices) for policy_iteration",
            "a stochastic matrix",
            echo=False,
        )
    keep_history = check_bool("keep_history", keep_history)
    v = policy_evaluation(mdp, current)
    values = [v] if keep_history else None
    history = []
    converged = False
    for _ in range(max_iter):
        q = action_values(mdp, v)
        best = q.max(axis=1, keepdims=True)
        keep = q[np.arange(mdp.n_states), current] >= best[:, 0] - 1e-12 * (1 + np.abs(best[:, 0]))
        new = np.where(keep, current, greedy_policy(q))
        if np.array_equal(new, current):
            converged = True
            break
        current = new
        new_v = policy_evaluation(mdp, current)
        history.append(float(np.max(np.abs(new_v - v))))
        v = new_v
        if values is not None:  # keep_history
            values.append(v)
    if not converged:
        warnings.warn(
            f"policy_iteration: the policy was still changing after max_iter={max_iter} "
            f"improvement steps; increase max_iter.",
            ConvergenceWarning,
            stacklevel=2,
        )
    q = action_values(mdp, v)
    return PlanningResult(
        values=v,
        policy=current,
        q=q,
        iterations=len(history),
        history=np.asarray(history, dtype=float),
        value_history=np.array(values) if keep_history else None,
        converged=converged,
    )


def value_iteration(
    mdp: MDP,
    *,
    tol: float = 1e-10,
    max_iter: int = 100_000,
    v0: ArrayLike | None = None,
    keep_history: bool = False,
) -> PlanningResult:
    r"""Value iteration: :math:`v_{k+1}(s) = \max_a [r(s, a) + \gamma \sum_{s'} P(s' \mid s, a) v_k(s')]`.

    The Bellman optimality operator is a :math:`\gamma`-contraction in the max norm, so
    :math:`\lVert v_k - v_* \rVert_\infty \le \gamma^k \lVert v_0 - v_* \rVert_\infty`; the loop
    stops when :math:`\lVert v_{k} - v_{k-1} \rVert_\infty \le` ``tol`` (then
    :math:`\lVert v_k - v_* \rVert_\infty \le \gamma\,\mathrm{tol} / (1 - \gamma)`).
    Each sweep costs :math:`O(S^2 A)`.

    Parameters
    ----------
    mdp : MDP
    tol : float > 0
    max_iter : int
        Most sweeps. If ``tol`` is not reached by then, the last values are returned with
        ``converged=False`` and a ``ConvergenceWarning``.
    v0 : initial values (default 0)
    keep_history : bool, default False
        Keep every sweep's values in ``value_history`` (O(sweeps S) memory; the per-sweep
        changes in ``history`` are always kept, one number per sweep).

    Returns
    -------
    PlanningResult, ``policy`` greedy with respect to the final values (ties within 1e-9
    go to the lowest action).

    Warns
    -----
    ConvergenceWarning
        If ``max_iter`` sweeps did not reach ``tol``.

    References
    ----------
    Bellman (1957); Sutton & Barto (2018), section 4.4.

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.reinforcement import MDP, value_iteration
    >>> mdp = MDP(np.ones((1, 2, 1)), [[1.0, 2.0]], 0.5)
    >>> res = value_iteration(mdp)
    >>> round(float(res.values[0]), 8), res.policy.tolist()
    (4.0, [1])
    """
    mdp = _check_mdp(mdp)
    tol = check_scalar("tol", tol, float, low=0, closed="neither")
    max_iter = check_scalar("max_iter", max_iter, int, low=1)
    v = np.zeros(mdp.n_states) if v0 is None else check_state_values("v0", v0, mdp.n_states)
    keep_history = check_bool("keep_history", keep_history)
    v[mdp.terminal] = 0.0
    values = [v] if keep_history else None
    history = []
    converged = False
    for _ in range(max_iter):
        with np.errstate(over="ignore", invalid="ignore"):
            new = _finite_values(action_values(mdp, v).max(axis=1))
        change = float(np.max(np.abs(new - v)))
        history.append(change)
        if values is not None:  # keep_history
            values.append(new)
        v = new
        if change <= tol:
            converged = True
            break
    if not converged:
        warnings.warn(
            f"value_iteration did not reach tol={tol:g} in max_iter={max_iter} sweeps "
            f"(last change {history[-1]:.3g}); increase max_iter or tol.",
            ConvergenceWarning,
            stacklevel=2,
        )
    q = action_values(mdp, v)
    return PlanningResult(
        values=v,
        policy=greedy_policy(q, atol=1e-9),
        q=q,
        iterations=len(history),
        history=np.asarray(history, dtype=float),
        value_history=np.array(values) if keep_history else None,
        converged=converged,
    )


# --- sampling ---------------------------------------------------------------------------


def discounted_return(rewards: ArrayLike, gamma: float) -> float:
    r""":math:`G = \sum_{k \ge 0} \gamma^k R_{k+1}` of a reward sequence, by Horner's rule
    backwards (:math:`G_t = R_{t+1} + \gamma G_{t+1}`). A constant reward r forever gives
    :math:`r / (1 - \gamma)`.

    Parameters
    ----------
    rewards : array_like of float, shape (T,)
        :math:`R_1, R_2, \dots`, in the order received: one episode's rewards, a 1-d
        sequence (a 2-d array, say several episodes stacked, is refused rather than
        flattened into one long episode).
    gamma : float in [0, 1]
        Discount factor.

    Returns
    -------
    float
        The discounted return :math:`G_0` (0.0 for no rewards).

    Examples
    --------
    >>> from patterneval.reinforcement import discounted_return
    >>> discounted_return([1.0, 1.0, 1.0], 0.5)
    1.75
    """
    gamma = check_scalar("gamma", gamma, float, low=0, high=1)
    g = 0.0
    for r in reversed(
        check_array(
            "rewards", rewards, ndim=1, min_rows=0, shape_hint="(one episode's rewards)"
        ).tolist()
    ):
        g = r + gamma * g
    if not np.isfinite(g):  # e.g. two rewards of 1e308
        raise fail(
            "rewards",
            "rewards whose discounted sum is finite in double precision",
            "a sum that overflows",
            echo=False,
        )
    return g


def _cumulative(probs):
    """Cumulative sums with the last entry set to exactly 1 (a uniform in [0, 1) always lands)."""
    out, total = [], 0.0
    for p in probs:
        total += p
        out.append(total)
    out[-1] = 1.0
    return out


class _Sampler:
    """Cumulative tables of an MDP (and optionally a policy) as Python lists, uniforms in blocks."""

    block = 4096

    def __init__(self, mdp, rng, pi=None):
        self.rng = rng
        self.terminal = mdp.terminal.tolist()
        self.nonterminal = np.flatnonzero(~mdp.terminal).tolist()
        self.next, self.cum, self.reward = [], [], []
        for P_s, R_s in zip(mdp.P.tolist(), mdp.R.tolist()):
            nx, cm, rw = [], [], []
            for p_row, r_row in zip(P_s, R_s):
                support = [t for t, p in enumerate(p_row) if p > 0]
                nx.append(support)
                cm.append(_cumulative([p_row[t] for t in support]))
                rw.append([r_row[t] for t in support])
            self.next.append(nx)
            self.cum.append(cm)
            self.reward.append(rw)
        if pi is not None:
            self.pact, self.pcum = [], []
            for row in pi.tolist():
                support = [a for a, p in enumerate(row) if p > 0]
                self.pact.append(support)
                self.pcum.append(_cumulative([row[a] for a in support]))
        self._u = []
        self._i = 0

    def uniform(self) -> float:
        if self._i >= len(self._u):
            self._u = self.rng.random(self.block).tolist()
            self._i = 0
        u = self._u[self._i]
        self._i += 1
        return u

    def start(self, start):
        if start is not None:
            return start
        return self.nonterminal[int(self.uniform() * len(self.nonterminal))]

    def step(self, s, a):
        """(reward, next state) of taking a in s."""
        nx = self.next[s][a]
        i = bisect.bisect_right(self.cum[s][a], self.uniform()) if len(nx) > 1 else 0
        return self.reward[s][a][i], nx[i]

    def act(self, s):
        acts = self.pact[s]
        return acts[bisect.bisect_right(self.pcum[s], self.uniform())] if len(acts) > 1 else acts[0]

    def episode(self, start, max_steps):
        """Lists states (length T+1), actions, rewards (length T)."""
        s = self.start(start)
        states, actions, rewards = [s], [], []
        terminal = self.terminal
        for _ in range(max_steps):
            a = self.act(s)
            r, s = self.step(s, a)
            actions.append(a)
            rewards.append(r)
            states.append(s)
            if terminal[s]:
                break
        return states, actions, rewards


@dataclasses.dataclass(frozen=True, repr=False)
class Episode(Result):
    r"""One trajectory (from :func:`sample_episode`).

    Attributes
    ----------
    states : ndarray of int, shape (T + 1,)
        :math:`S_0, \dots, S_T`, ending in a terminal state unless truncated.
    actions : ndarray of int, shape (T,)
        :math:`A_0, \dots, A_{T-1}`.
    rewards : ndarray of float, shape (T,)
        ``rewards[t]`` is :math:`R_{t+1}`, received on leaving ``states[t]``.
    terminated : bool
        True if the episode entered a terminal state, False if it was cut at ``max_steps``.
    """

    states: np.ndarray
    actions: np.ndarray
    rewards: np.ndarray
    terminated: bool


def _episode_options(mdp, policy, start, max_steps, rng):
    mdp = _check_mdp(mdp)
    pi = check_policy(policy, mdp.n_states, mdp.n_actions)
    start = check_state("start", start, mdp.n_states, mdp.terminal)
    max_steps = check_scalar("max_steps", max_steps, int, low=1)
    return mdp, pi, start, max_steps, check_rng(rng)


@keywords
def sample_episode(
    mdp: MDP,
    policy: ArrayLike,
    *,
    start: int | None = None,
    max_steps: int = 10_000,
    rng: int | np.random.Generator | None = None,
) -> Episode:
    r"""Sample one episode of ``policy`` on ``mdp``.

    Starts in ``start`` or, if None, in a uniformly random non-terminal state; stops on
    entering a terminal state or after ``max_steps`` steps. :math:`O(T \log S)`.

    Parameters
    ----------
    mdp : MDP
    policy : array_like
        S action indices, or an (S, A) probability matrix with rows summing to 1.
    start : None or int, default None, keyword-only
        Index of a non-terminal start state; None draws one uniformly.
    max_steps : int >= 1, default 10000, keyword-only
        Truncation: the episode stops after this many steps.
    rng : None, int or numpy.random.Generator, keyword-only
        Seed or generator (SPEC 7).

    Returns
    -------
    Episode

    Examples
    --------
    >>> from patterneval.book.reinforcement import gridworld
    >>> from patterneval.reinforcement import sample_episode
    >>> g = gridworld(slip=0.0)
    >>> ep = sample_episode(g, [1] * g.n_states, start=g.state_names.index("(0,0)"), rng=0)
    >>> [g.state_names[s] for s in ep.states], ep.rewards.tolist()
    (['(0,0)', '(0,1)', '(0,2)', '(0,3)'], [-0.04, -0.04, 1.0])
    """
    mdp, pi, start, max_steps, rng = _episode_options(mdp, policy, start, max_steps, rng)
    states, actions, rewards = _Sampler(mdp, rng, pi).episode(start, max_steps)
    return Episode(
        states=np.array(states),
        actions=np.array(actions, dtype=int),
        rewards=np.array(rewards, dtype=float),
        terminated=bool(mdp.terminal[states[-1]]),
    )


# --- prediction: Monte Carlo and TD --------------------------------------------------------


def n_step_return(
    episode: Episode, values: ArrayLike, n: int, *, gamma: float, t: int = 0
) -> float:
    r"""The :math:`n`-step return of an episode from step :math:`t`,

    .. math:: G^{(n)}_t = R_{t+1} + \gamma R_{t+2} + \dots + \gamma^{n-1} R_{t+n}
              + \gamma^n V(S_{t+n}),

    the target of :math:`n`-step TD. Once :math:`t + n` reaches the end :math:`T` of a
    terminated episode there is nothing left to bootstrap from (the terminal state's value is
    0) and :math:`G^{(n)}_t` *is* the Monte Carlo return :math:`G_t`, for every
    :math:`n \ge T - t`; in general :math:`G^{(n)}_t - G_t = \gamma^n (V(S_{t+n}) - G_{t+n})`.
    A truncated episode bootstraps from its last state. O(min(n, T - t)).

    Parameters
    ----------
    episode : Episode
        From :func:`sample_episode` (``rewards[k]`` is :math:`R_{k+1}`).
    values : array-like (S,)
        The estimate :math:`V` to bootstrap from.
    n : int >= 1
        Number of rewards before bootstrapping.
    gamma : float in [0, 1], keyword-only
        Discount factor (the MDP's ``gamma``).
    t : int in [0, T), default 0, keyword-only
        The time step the return starts from.

    Returns
    -------
    float
        :math:`G^{(n)}_t`.

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.reinforcement import Episode, n_step_return
    >>> ep = Episode(states=np.array([0, 1, 2]), actions=np.array([0, 0]),
    ...              rewards=np.array([1.0, 1.0]), terminated=True)
    >>> [n_step_return(ep, [10.0, 10.0, 0.0], n, gamma=0.5) for n in (1, 2, 3)]
    [6.0, 1.5, 1.5]
    """
    if not isinstance(episode, Episode):
        raise fail(
            "episode",
            "an Episode (from sample_episode)",
            type(episode).__name__,
            error=TypeError,
            echo=False,
        )
    T = int(np.size(episode.rewards))
    if T < 1:
        raise fail("episode", "an Episode with at least one step", "an empty one", echo=False)
    v = check_array("values", values, ndim=1)
    if v.size <= int(np.max(episode.states)):
        raise fail(
            "values",
            f"a vector with an entry for every state of the episode (at least "
            f"{int(np.max(episode.states)) + 1})",
            f"shape {v.shape}",
            echo=False,
        )
    n = check_scalar("n", n, int, low=1)
    gamma = check_scalar("gamma", gamma, float, low=0, high=1)
    t = check_scalar("t", t, int, low=0, high=T - 1, hint=f"(the episode has {T} steps)")
    m = min(n, T - t)
    g = 0.0
    for r in reversed(np.asarray(episode.rewards, dtype=float)[t : t + m].tolist()):
        g = r + gamma * g
    if t + m < T or not episode.terminated:
        g += gamma**m * float(v[int(episode.states[t + m])])
    return g


@dataclasses.dataclass(frozen=True, repr=False)
class PredictionResult(Result):
    """Output of :func:`monte_carlo_evaluation`, :func:`td0` and :func:`td_lambda`.

    Attributes
    ----------
    values : ndarray (S,), the final estimate (NaN where a sample-average Monte Carlo
        estimate saw no visit; terminal states 0).
    history : ndarray (n_episodes, S), the estimate after each episode (for learning curves;
        O(n_episodes S) memory), or None if the learner was called with
        ``keep_history=False``.
    counts : ndarray (S,), the number of (first or every) visits used per state.
    method : str
    """

    values: np.ndarray
    history: np.ndarray | None = dataclasses.field(repr=False)
    counts: np.ndarray
    method: str


def _initial_values(mdp, v0):
    if v0 is None:
        return [0.0] * mdp.n_states
    v = check_state_values("v0", v0, mdp.n_states)
    v[mdp.terminal] = 0.0
    return v.tolist()


@keywords
def monte_carlo_evaluation(
    mdp: MDP,
    policy: ArrayLike,
    *,
    visit: Literal["first", "every"] = "first",
    n_episodes: int = 1000,
    alpha: float | None = None,
    start: int | None = None,
    max_steps: int = 10_000,
    v0: ArrayLike | None = None,
    rng: int | np.random.Generator | None = None,
    keep_history: bool = True,
) -> PredictionResult:
    r"""Monte Carlo policy evaluation from sampled episodes.

    For each episode the returns :math:`G_t = R_{t+1} + \gamma G_{t+1}` are computed
    backwards. ``visit="first"`` uses only the first visit of a state per episode,
    ``"every"`` each visit. With ``alpha=None`` the estimate is the sample average,
    updated incrementally :math:`V \leftarrow V + (G - V)/N`; first-visit returns are
    i.i.d. with mean :math:`v_\pi(s)`, so the estimate is unbiased given a visit.
    With a constant ``alpha`` the update is made at the end of each episode,
    :math:`V(s) \leftarrow V(s) + \alpha \sum_{t:\,s_t = s} (G_t - V(s))` with V held fixed
    during the episode (the off-line form that TD(lambda = 1) reproduces).

    Parameters
    ----------
    mdp : MDP
        With terminal states, so that episodes end (else ``ValueError``).
    policy : array_like
        S action indices, or an (S, A) probability matrix with rows summing to 1.
    visit : {"first", "every"}, default "first", keyword-only
    n_episodes : int >= 1, default 1000, keyword-only
    alpha : None or float in (0, 1], default None, keyword-only
        None: sample averages; a float: constant step size.
    start : None or int, default None, keyword-only
        Start state of every episode; None draws a non-terminal state uniformly per episode.
    max_steps : int >= 1, default 10000, keyword-only
        Truncation of an episode.
    v0 : None or array_like of shape (S,), keyword-only
        Finite initial values for constant ``alpha`` (default 0; terminal states are set
        to 0); ignored by sample averages, which start unvisited states at NaN.
    rng : None, int or numpy.random.Generator, keyword-only
        Seed or generator (SPEC 7).
    keep_history : bool, default True, keyword-only
        Keep the estimate after every episode in ``history`` (O(n_episodes S) memory);
        False leaves ``history`` None.

    Returns
    -------
    PredictionResult

    Complexity :math:`O(T)` per episode of length T.

    References
    ----------
    Sutton & Barto (2018), section 5.1; Singh, S. P. & Sutton, R. S. (1996). Reinforcement
    learning with replacing eligibility traces. *Machine Learning* 22, 123-158,
    doi:10.1007/BF00114726.

    Examples
    --------
    >>> from patterneval.book.reinforcement import gridworld
    >>> from patterneval.reinforcement import monte_carlo_evaluation
    >>> g = gridworld()
    >>> res = monte_carlo_evaluation(g, [0] * g.n_states, n_episodes=200, rng=0)
    >>> res.history.shape
    (200, 11)
    """
    visit = check_choice("visit", visit, ("first", "every"))
    n_episodes = check_scalar("n_episodes", n_episodes, int, low=1)
    if alpha is not None:
        alpha = check_scalar("alpha", alpha, float, low=0, high=1, closed="right")
    mdp, start, max_steps, sampler = _episode_sampler(mdp, policy, start, max_steps, rng)
    gamma = mdp.gamma
    S = mdp.n_states
    counts = [0] * S
    if alpha is None:
        V = [float("nan")] * S
        for s in np.flatnonzero(mdp.terminal):
            V[s] = 0.0
    else:
        V = _initial_values(mdp, v0)
    history: list[list[float]] | None = [] if check_bool("keep_history", keep_history) else None
    first = visit == "first"
    for states, rewards in _episodes(sampler, n_episodes, start, max_steps, V, history):
        T = len(rewards)
        returns = [0.0] * T
        g = 0.0
        for t in range(T - 1, -1, -1):
            g = rewards[t] + gamma * g
            returns[t] = g
        if first:
            seen: dict[int, int] = {}
            for t in range(T):
                seen.setdefault(states[t], t)
            visits = [(s, returns[t]) for s, t in seen.items()]
        else:
            visits = list(zip(states[:T], returns))
        if alpha is None:
            for s, g in visits:
                n = counts[s] + 1
                counts[s] = n
                v = V[s]
                V[s] = g if n == 1 else v + (g - v) / n
        else:
            delta: dict[int, float] = {}
            for s, g in visits:
                counts[s] += 1
                delta[s] = delta.get(s, 0.0) + (g - V[s])
            for s, d in delta.items():
                V[s] += alpha * d
    return _prediction(V, history, counts, f"{visit}-visit Monte Carlo")


def _require_episodic(mdp):
    if not mdp.terminal.any():
        raise fail(
            "mdp",
            "an episodic MDP (with terminal states)",
            "one without any",
            echo=False,
            hint="Sampled episodes would never end; pass terminal=... when building the MDP.",
        )


def _episode_sampler(mdp, policy, start, max_steps, rng):
    """Check the options of an evaluation by sampled episodes: ``(mdp, start, max_steps,
    sampler)``."""
    mdp, pi, start, max_steps, rng = _episode_options(mdp, policy, start, max_steps, rng)
    _require_episodic(mdp)
    return mdp, start, max_steps, _Sampler(mdp, rng, pi)


def _episodes(sampler, n_episodes, start, max_steps, V, history):
    """Yield ``(states, rewards)`` of ``n_episodes`` sampled episodes; once the caller has
    updated ``V`` (a list, in place) from one, append a copy of it to ``history`` (unless
    None)."""
    for _ in range(n_episodes):
        states, _actions, rewards = sampler.episode(start, max_steps)
        yield states, rewards
        if history is not None:
            history.append(list(V))


def _prediction(V, history, counts, method) -> PredictionResult:
    return PredictionResult(
        values=np.array(V),
        history=None if history is None else np.array(history),
        counts=np.array(counts),
        method=method,
    )


@keywords
def td0(
    mdp: MDP,
    policy: ArrayLike,
    *,
    alpha: float = 0.1,
    decay: float = 0.0,
    n_episodes: int = 1000,
    start: int | None = None,
    max_steps: int = 10_000,
    v0: ArrayLike | None = None,
    rng: int | np.random.Generator | None = None,
    keep_history: bool = True,
) -> PredictionResult:
    r"""Tabular TD(0): after each step :math:`S_t, R_{t+1}, S_{t+1}`,
    :math:`V(S_t) \leftarrow V(S_t) + \alpha [R_{t+1} + \gamma V(S_{t+1}) - V(S_t)]`, with
    :math:`V(\text{terminal}) = 0`. With a constant ``alpha`` the estimate fluctuates
    around :math:`v_\pi` with a spread that shrinks with ``alpha``; with ``decay`` in (1/2, 1]
    the n-th update of a state uses :math:`\alpha / n^{\text{decay}}` (Robbins-Monro) and the
    estimate converges to :math:`v_\pi`.

    Complexity :math:`O(1)` per step.

    Parameters
    ----------
    mdp, policy
        As in :func:`monte_carlo_evaluation`.
    alpha : float in (0, 1], default 0.1, keyword-only
        Step size.
    decay : float in [0, 1], default 0.0, keyword-only
        The n-th update of a state uses :math:`\alpha / n^{\text{decay}}`; 0 keeps the
        step constant.
    n_episodes : int >= 1, default 1000, keyword-only
    start : None or int, default None, keyword-only
        Start state of every episode; None draws a non-terminal state uniformly per episode.
    max_steps : int >= 1, default 10000, keyword-only
        Truncation of an episode.
    v0 : None or array_like of shape (S,), keyword-only
        Finite initial values (default 0; terminal states are set to 0).
    rng : None, int or numpy.random.Generator, keyword-only
        Seed or generator (SPEC 7).
    keep_history : bool, default True, keyword-only
        Keep the estimate after every episode in ``history``; False leaves it None.

    Returns
    -------
    PredictionResult
        ``counts`` holds the number of updates of each state.

    References
    ----------
    Sutton, R. S. (1988). Learning to predict by the methods of temporal differences.
    *Machine Learning* 3, 9-44, doi:10.1007/BF00115009.

    Examples
    --------
    >>> from patterneval.book.reinforcement import gridworld
    >>> from patterneval.reinforcement import td0
    >>> g = gridworld()
    >>> td0(g, [0] * g.n_states, alpha=0.1, n_episodes=50, rng=0).history.shape
    (50, 11)
    """
    alpha = check_scalar("alpha", alpha, float, low=0, high=1, closed="right")
    decay = check_scalar("decay", decay, float, low=0, high=1)
    n_episodes = check_scalar("n_episodes", n_episodes, int, low=1)
    mdp, start, max_steps, sampler = _episode_sampler(mdp, policy, start, max_steps, rng)
    gamma = mdp.gamma
    V = _initial_values(mdp, v0)
    counts = [0] * mdp.n_states
    history: list[list[float]] | None = [] if check_bool("keep_history", keep_history) else None
    for states, rewards in _episodes(sampler, n_episodes, start, max_steps, V, history):
        for t, r in enumerate(rewards):
            s, s2 = states[t], states[t + 1]
            n = counts[s] + 1
            counts[s] = n
            step = alpha if decay == 0.0 else alpha / n**decay
            V[s] += step * (r + gamma * V[s2] - V[s])
    return _prediction(V, history, counts, "TD(0)")


@keywords
def td_lambda(
    mdp: MDP,
    policy: ArrayLike,
    *,
    lam: float,
    alpha: float = 0.1,
    n_episodes: int = 1000,
    traces: Literal["accumulating", "replacing"] = "accumulating",
    offline: bool = False,
    start: int | None = None,
    max_steps: int = 10_000,
    v0: ArrayLike | None = None,
    rng: int | np.random.Generator | None = None,
    keep_history: bool = True,
) -> PredictionResult:
    r"""Tabular TD(lambda), backward view with eligibility traces.

    At each step :math:`\delta_t = R_{t+1} + \gamma V(S_{t+1}) - V(S_t)`; the trace of
    :math:`S_t` is raised (``"accumulating"``: :math:`e \leftarrow e + 1`; ``"replacing"``:
    :math:`e \leftarrow 1`); every state moves by :math:`\alpha \delta_t e(s)` and every trace
    decays, :math:`e \leftarrow \gamma \lambda e`. Traces start at 0 in each episode.
    ``offline=True`` sums the increments and applies them at the end of the episode;
    with accumulating traces this equals the forward view, the off-line lambda-return
    algorithm with target :math:`G^\lambda_t = (1-\lambda)\sum_{n \ge 1} \lambda^{n-1} G^{(n)}_t`.
    Hence lambda = 0 is TD(0) and lambda = 1 is constant-alpha every-visit Monte Carlo
    (exactly, off-line); on-line the identities hold approximately.

    Complexity :math:`O(\text{number of states with a non-zero trace})` per step.

    Parameters
    ----------
    mdp, policy, n_episodes, start, max_steps, v0, rng, keep_history
        As in :func:`td0`.
    lam : float in [0, 1], keyword-only
        The trace decay :math:`\lambda` (required).
    alpha : float in (0, 1], default 0.1, keyword-only
        Constant step size.
    traces : {"accumulating", "replacing"}, default "accumulating", keyword-only
    offline : bool, default False, keyword-only
        Apply the episode's summed increments at its end (True) or after every step.

    Returns
    -------
    PredictionResult
        As :func:`td0`'s (``counts``: the visits of each state).

    References
    ----------
    Sutton (1988), doi:10.1007/BF00115009; Singh & Sutton (1996), doi:10.1007/BF00114726;
    Sutton & Barto (2018), chapter 12.

    Examples
    --------
    >>> import numpy as np
    >>> from patterneval.book.reinforcement import gridworld
    >>> from patterneval.reinforcement import td0, td_lambda
    >>> g = gridworld()
    >>> a = td_lambda(g, [0] * g.n_states, lam=0.0, n_episodes=30, rng=1).values
    >>> b = td0(g, [0] * g.n_states, n_episodes=30, rng=1).values
    >>> bool(np.array_equal(a, b))
    True
    """
    lam = check_scalar("lam", lam, float, low=0, high=1)
    alpha = check_scalar("alpha", alpha, float, low=0, high=1, closed="right")
    n_episodes = check_scalar("n_episodes", n_episodes, int, low=1)
    traces = check_choice("traces", traces, ("accumulating", "replacing"))
    offline = check_bool("offline", offline)
    mdp, start, max_steps, sampler = _episode_sampler(mdp, policy, start, max_steps, rng)
    gamma = mdp.gamma
    decay = gamma * lam
    accumulate = traces == "accumulating"
    V = _initial_values(mdp, v0)
    counts = [0] * mdp.n_states
    history: list[list[float]] | None = [] if check_bool("keep_history", keep_history) else None
    for states, rewards in _episodes(sampler, n_episodes, start, max_steps, V, history):
        e: dict[int, float] = {}
        target: dict[int, float] | None = {} if offline else None
        for t, r in enumerate(rewards):
            s, s2 = states[t], states[t + 1]
            counts[s] += 1
            delta = r + gamma * V[s2] - V[s]
            e[s] = e.get(s, 0.0) + 1.0 if accumulate else 1.0
            step = alpha * delta
            if target is not None:  # offline
                for x, ex in e.items():
                    target[x] = target.get(x, 0.0) + step * ex
            else:
                for x, ex in e.items():
                    V[x] += step * ex
            if decay == 0.0:
                e.clear()
            else:
                for x in e:
                    e[x] *= decay
        if target is not None:  # offline
            for x, d in target.items():
                V[x] += d
    return _prediction(
        V, history, counts, f"TD({lam:g}), {traces}, {'offline' if offline else 'online'}"
    )


# --- control ------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, repr=False)
class ControlResult(Result):
    """Output of :func:`q_learning` and :func:`sarsa`.

    Attributes
    ----------
    q : ndarray (S, A), the learned action values.
    values : ndarray (S,), :math:`\\max_a q(s, a)`.
    policy : ndarray (S,), the greedy policy of ``q``.
    history : ndarray (n_episodes, S), ``values`` after each episode, or None if the learner
        was called with ``keep_history=False`` (it takes O(n_episodes S) memory).
    returns : ndarray (n_episodes,), the discounted return of each (behaviour) episode.
    lengths : ndarray (n_episodes,), steps per episode.
    method : str
    """

    q: np.ndarray
    values: np.ndarray
    policy: np.ndarray
    history: np.ndarray = dataclasses.field(repr=False)
    returns: np.ndarray = dataclasses.field(repr=False)
    lengths: np.ndarray = dataclasses.field(repr=False)
    method: str


def _td_control(
    mdp, alpha, decay, epsilon, n_episodes, start, max_steps, q0, rng, method, keep_history=True
):
    keep_history = check_bool("keep_history", keep_history)
    mdp = _check_mdp(mdp)
    _require_episodic(mdp)
    alpha = check_scalar("alpha", alpha, float, low=0, high=1, closed="right")
    decay = check_scalar("decay", decay, float, low=0, high=1)
    epsilon = check_scalar("epsilon", epsilon, float, low=0, high=1)
    n_episodes = check_scalar("n_episodes", n_episodes, int, low=1)
    start = check_state("start", start, mdp.n_states, mdp.terminal)
    max_steps = check_scalar("max_steps", max_steps, int, low=1)
    rng = check_rng(rng)
    S, A = mdp.n_states, mdp.n_actions
    if q0 is None:
        Q = [[0.0] * A for _ in range(S)]
    else:
        q = check_array("q0", q0, ndim=2, shape_hint="(n_states, n_actions)")
        if q.shape != (S, A):
            raise fail(
                "q0",
                f"an array of shape ({S}, {A}) (n_states, n_actions)",
                f"shape {q.shape}",
                echo=False,
            )
        q[mdp.terminal] = 0.0
        Q = q.tolist()
    sampler = _Sampler(mdp, rng)
    terminal = sampler.terminal
    gamma = mdp.gamma

    visits = [[0] * A for _ in range(S)]

    def rate(s, a):
        if decay == 0.0:
            return alpha
        n = visits[s][a] + 1
        visits[s][a] = n
        return alpha / n**decay

    def choose(s):
        if sampler.uniform() < epsilon:
            return int(sampler.uniform() * A)
        row = Q[s]
        best = max(row)
        floor = best - (1e-12 + TIE_RTOL * abs(best))  # greedy_policy's tie rule
        return next(a for a, value in enumerate(row) if value >= floor)

    history, returns, lengths = [], [], []
    sarsa_ = method == "sarsa"
    for _ in range(n_episodes):
        s = sampler.start(start)
        a = choose(s)
        g, discount, steps = 0.0, 1.0, 0
        for _ in range(max_steps):
            r, s2 = sampler.step(s, a)
            g += discount * r
            discount *= gamma
            steps += 1
            if terminal[s2]:
                Q[s][a] += rate(s, a) * (r - Q[s][a])
                break
            a2 = choose(s2)
            nxt = Q[s2][a2] if sarsa_ else max(Q[s2])
            Q[s][a] += rate(s, a) * (r + gamma * nxt - Q[s][a])
            s, a = s2, a2
        if keep_history:
            history.append([max(row) for row in Q])
        returns.append(g)
        lengths.append(steps)
    q = np.array(Q)
    return ControlResult(
        q=q,
        values=q.max(axis=1),
        policy=greedy_policy(q),
        history=np.array(history) if keep_history else None,
        returns=np.array(returns),
        lengths=np.array(lengths),
        method=method,
    )


@keywords
def q_learning(
    mdp: MDP,
    *,
    alpha: float = 0.1,
    epsilon: float = 0.1,
    decay: float = 0.0,
    n_episodes: int = 1000,
    start: int | None = None,
    max_steps: int = 10_000,
    q0: ArrayLike | None = None,
    rng: int | np.random.Generator | None = None,
    keep_history: bool = True,
) -> ControlResult:
    r"""Q-learning (off-policy TD control) with an epsilon-greedy behaviour policy.

    :math:`Q(S, A) \leftarrow Q(S, A) + \alpha [R + \gamma \max_{a'} Q(S', a') - Q(S, A)]`
    (:math:`= (1-\alpha) Q + \alpha [R + \gamma \max Q(S', \cdot)]`, the note's form), with
    :math:`Q(\text{terminal}, \cdot) = 0`. Behaviour: with probability ``epsilon`` a uniformly
    random action, otherwise the greedy one (ties to the lowest index). Converges to
    :math:`q_*` when every pair is tried infinitely often and the step sizes satisfy
    Robbins-Monro conditions; with a constant ``alpha`` it settles near :math:`q_*`.

    Parameters
    ----------
    mdp : MDP
        With terminal states, so that episodes end (else ``ValueError``).
    alpha : float in (0, 1], default 0.1, keyword-only
        Step size.
    epsilon : float in [0, 1], default 0.1, keyword-only
        Exploration probability of the behaviour policy.
    decay : float in [0, 1], default 0.0, keyword-only
        Step size of the n-th update of a pair, :math:`\alpha / n^{\text{decay}}`; 0 (default)
        keeps it constant, values in (1/2, 1] satisfy the Robbins-Monro conditions
        (Even-Dar & Mansour (2003) recommend about 0.8 over 1).
    n_episodes : int >= 1, default 1000, keyword-only
    start : None or int, default None, keyword-only
        Start state of every episode; None draws a non-terminal state uniformly per episode.
    max_steps : int >= 1, default 10000, keyword-only
        Truncation of an episode.
    q0 : None or array_like of shape (S, A), keyword-only
        Finite initial action values (default 0; terminal rows are set to 0).
    rng : None, int or numpy.random.Generator, keyword-only
        Seed or generator (SPEC 7).
    keep_history : bool, default True, keyword-only
        Keep ``values`` after every episode in ``history``; False leaves it None.

    Returns
    -------
    ControlResult

    Complexity :math:`O(A)` per step.

    References
    ----------
    Watkins, C. J. C. H. & Dayan, P. (1992). Q-learning. *Machine Learning* 8, 279-292,
    doi:10.1007/BF00992698.
    Even-Dar, E. & Mansour, Y. (2003). Learning rates for Q-learning. *JMLR* 5, 1-25.

    Examples
    --------
    >>> from patterneval.book.reinforcement import gridworld
    >>> from patterneval.reinforcement import policy_evaluation, q_learning, value_iteration
    >>> g = gridworld(slip=0.0)
    >>> res = q_learning(g, alpha=0.5, epsilon=0.2, n_episodes=300, rng=0)
    >>> v_greedy = policy_evaluation(g, res.policy)     # value of the learned greedy policy
    >>> bool(abs(v_greedy - value_iteration(g).values).max() < 1e-8)
    True
    """
    return _td_control(
        mdp,
        alpha,
        decay,
        epsilon,
        n_episodes,
        start,
        max_steps,
        q0,
        rng,
        "Q-learning",
        keep_history,
    )


@keywords
def sarsa(
    mdp: MDP,
    *,
    alpha: float = 0.1,
    epsilon: float = 0.1,
    decay: float = 0.0,
    n_episodes: int = 1000,
    start: int | None = None,
    max_steps: int = 10_000,
    q0: ArrayLike | None = None,
    rng: int | np.random.Generator | None = None,
    keep_history: bool = True,
) -> ControlResult:
    r"""SARSA (on-policy TD control): as :func:`q_learning` but the target uses the action
    actually taken next, :math:`R + \gamma Q(S', A')`; it learns the values of the
    epsilon-greedy policy itself.

    Parameters
    ----------
    mdp, alpha, decay, n_episodes, start, max_steps, q0, rng, keep_history
        As in :func:`q_learning`.
    epsilon : float in [0, 1], default 0.1, keyword-only
        Exploration probability; the policy learned about and followed.

    Returns
    -------
    ControlResult
        As :func:`q_learning`'s; :math:`O(A)` per step.

    References
    ----------
    Rummery, G. A. & Niranjan, M. (1994). On-line Q-learning using connectionist systems.
    Tech. Rep. CUED/F-INFENG/TR 166, Cambridge University. Sutton & Barto (2018), section 6.4.

    Examples
    --------
    >>> from patterneval.book.reinforcement import gridworld
    >>> from patterneval.reinforcement import sarsa
    >>> g = gridworld(slip=0.0)
    >>> sarsa(g, alpha=0.5, epsilon=0.1, n_episodes=20, rng=0).q.shape
    (11, 4)
    """
    return _td_control(
        mdp, alpha, decay, epsilon, n_episodes, start, max_steps, q0, rng, "sarsa", keep_history
    )


def learning_curve(
    history: ArrayLike, values: ArrayLike, *, mask: ArrayLike | None = None
) -> np.ndarray:
    r"""Root-mean-square error of each row of ``history`` against ``values``,
    :math:`\sqrt{\frac{1}{|M|}\sum_{s \in M} (\hat v_k(s) - v(s))^2}` over the states M in
    ``mask`` (default: all); NaN entries (states not yet visited) are left out of a row.

    Parameters
    ----------
    history : array_like of shape (n_episodes, S)
        Estimates after each episode (a result's ``history``); NaN allowed.
    values : array_like of shape (S,)
        The true values, e.g. from :func:`policy_evaluation` or :func:`value_iteration`.
    mask : None or boolean array of shape (S,), keyword-only
        States to include (at least one True); e.g. ``~mdp.terminal``.

    Returns
    -------
    ndarray of shape (n_episodes,)
        The RMS error per row (NaN for a row with no estimated state in ``mask``).

    Examples
    --------
    >>> from patterneval.reinforcement import learning_curve
    >>> learning_curve([[1.0, 2.0], [0.0, 0.0]], [0.0, 0.0]).round(4).tolist()
    [1.5811, 0.0]
    """
    h = check_array("history", history, ndim=2, allow_nan=True)  # NaN: not yet estimated
    v = check_array("values", values, ndim=1)
    if h.shape[1] != v.size:
        raise fail(
            "history",
            f"an array of shape (n_episodes, {v.size}), one column per entry of values",
            f"shape {h.shape}",
            echo=False,
        )
    if mask is not None:
        m = np.asarray(mask)
        if m.dtype != bool or m.shape != v.shape or not m.any():
            raise fail("mask", f"a boolean array of shape {v.shape} with a True entry", mask)
        h, v = h[:, m], v[m]
    with np.errstate(invalid="ignore", over="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # a row with no estimate: NaN, documented
        rms = np.sqrt(np.nanmean((h - v) ** 2, axis=1))
    if np.any(np.isinf(rms)):  # squared errors beyond ~1e308
        raise fail(
            "history and values",
            "estimates whose squared errors are finite in double precision",
            "errors that overflow when squared",
            echo=False,
            hint="Rescale the rewards.",
        )
    return rms


# ---- input checks of this module, in the vocabulary of patterneval._validation


def check_mdp_arrays(transitions, rewards, *, atol: float = 1e-8):
    """Transitions P[s, a, s'] (rows on the simplex) and finite rewards R[s, a] or
    R[s, a, s']. Returns ``(P, R3)`` as float arrays, R3 of shape (S, A, S)."""
    P = check_array("transitions", transitions, min_rows=0, low=0)
    if P.ndim != 3 or P.shape[0] != P.shape[2] or P.size == 0:
        raise fail(
            "transitions",
            "an array of shape (n_states, n_actions, n_states) with at least "
            "one state and one action",
            f"shape {P.shape}",
            echo=False,
        )
    sums = P.sum(axis=2)
    bad = np.argwhere(np.abs(sums - 1.0) > atol)
    if bad.size:
        s, a = bad[0]
        raise fail(
            "transitions",
            "probabilities whose rows P[s, a, :] sum to 1",
            f"P[{s}, {a}, :] summing to {sums[s, a]:.6g}",
            echo=False,
        )
    R = check_array("rewards", rewards, min_rows=0)
    S, A = P.shape[:2]
    if R.shape == (S, A):
        R = np.repeat(R[:, :, None], S, axis=2)
    elif R.shape != (S, A, S):
        raise fail(
            "rewards",
            f"an array of shape (n_states, n_actions) = {(S, A)} or {(S, A, S)}",
            f"shape {R.shape}",
            echo=False,
        )
    return P, R


def check_state_set(name: str, value, n_states: int) -> np.ndarray:
    """None, state indices or a boolean mask of length n_states -> a boolean mask."""
    mask = np.zeros(n_states, dtype=bool)
    if value is None:
        return mask
    arr = check_array(name, value, min_rows=0)
    if np.asarray(value).dtype == bool:
        if arr.shape != (n_states,):
            raise fail(
                name,
                f"state indices or a boolean mask of length {n_states}",
                f"a mask of shape {arr.shape}",
                echo=False,
            )
        return arr.astype(bool)
    if arr.ndim > 1:
        raise fail(
            name, "state indices or a boolean mask", f"an array of shape {arr.shape}", echo=False
        )
    mask[check_array(name, value, kind="int", min_rows=0, low=0, high=n_states - 1)] = True
    return mask


def check_name_list(name: str, names, size: int, default: str) -> tuple:
    """None (names default + index) or exactly ``size`` distinct labels, returned as strings."""
    if names is None:
        return tuple(f"{default}{i}" for i in range(size))
    expected = f"a sequence of {size} distinct labels"
    if isinstance(names, str) or not hasattr(names, "__iter__"):
        raise fail(name, expected, names, error=TypeError)
    labels = tuple(str(n) for n in names)
    if len(labels) != size or len(set(labels)) != size:
        raise fail(name, expected, list(labels))
    return labels


def check_policy(policy, n_states: int, n_actions: int, *, name: str = "policy") -> np.ndarray:
    """A deterministic policy (one action index per state) or a stochastic one
    (an (n_states, n_actions) matrix of probabilities, rows summing to 1) -> the matrix."""
    arr = check_array(name, policy, low=0)
    if arr.shape == (n_states,):
        actions = check_array(name, policy, kind="int", low=0, high=n_actions - 1)
        matrix = np.zeros((n_states, n_actions))
        matrix[np.arange(n_states), actions] = 1.0
        return matrix
    if arr.shape != (n_states, n_actions):
        raise fail(
            name,
            f"{n_states} action indices or a ({n_states}, {n_actions}) probability matrix",
            f"an array of shape {arr.shape}",
            echo=False,
        )
    if np.any(np.abs(arr.sum(axis=1) - 1.0) > 1e-8):
        raise fail(
            name,
            "a matrix of probabilities whose rows sum to 1",
            f"row sums {arr.sum(axis=1).round(6).tolist()}",
            echo=False,
        )
    return arr


def check_state(name: str, value, n_states: int, terminal: np.ndarray):
    """None or the index of one non-terminal state (an episode's start)."""
    if value is None:
        return None
    index = check_scalar(name, value, int, low=0, high=n_states - 1)
    if terminal[index]:
        raise fail(
            name, "a non-terminal state", index, hint="An episode cannot start where it ends."
        )
    return index


def check_state_values(name: str, values, n_states: int, *, allow_nan: bool = False) -> np.ndarray:
    """One finite value per state (NaN allowed on request), as a new float array."""
    v = check_array(name, values, ndim=1, allow_nan=allow_nan)
    if v.size != n_states:
        raise fail(
            name, f"a 1-d array of {n_states} values, one per state", f"shape {v.shape}", echo=False
        )
    return v


def check_proper_policy(
    P_pi: np.ndarray, terminal: np.ndarray, gamma: float, *, name: str = "policy"
) -> None:
    """With gamma = 1 every non-terminal state must reach a terminal state under the policy."""
    if gamma < 1.0:
        return
    reach = terminal.copy()
    while True:
        new = reach | ((P_pi[:, reach].sum(axis=1) > 0) & ~terminal)
        if np.array_equal(new, reach):
            break
        reach = new
    if not reach.all():
        raise fail(
            name,
            "proper with gamma = 1 (reach a terminal state from every state)",
            f"states {np.flatnonzero(~reach).tolist()} that never terminate",
            echo=False,
            hint="Their values would be infinite or undefined.",
        )
