"""Errata of note 002, section 强化学习 (lines 549-713; chapter "Reinforcement learning"), shown
numerically.

1. Policy evaluation: "all value functions form a system of equations that must be solved
   by linear programming". The Bellman expectation equations are a square *linear system*
   with a unique solution (I - gamma P_pi is invertible for gamma < 1); a linear solve gives
   it. Linear programming belongs to the *optimality* equations (the max makes them
   nonlinear): v* is the smallest v with v >= r(., a) + gamma P_a v for every a.
2. The Bellman equation V(s) = E[R(s, pi(s))] + gamma sum_s' delta(s, pi(s), s') V(s'),
   "with an expectation because pi(s) is random": if the policy is random, the transition
   term must be averaged over the action too; putting the expectation on the reward alone
   (and one action in the transition) gives a wrong value.
3. Monte Carlo: G(s_t) = gamma^t R_t + ... + gamma^n R_n discounts from the start of the
   episode. The value of s_t needs the return discounted from t, R_t + gamma R_{t+1} + ...;
   the printed form is smaller by gamma^t and averages to gamma^t v(s), not v(s).
4. Q-learning: "the larger the discount rate, the more one cares about immediate rewards".
   The reverse: a reward k steps ahead is weighted gamma^k, which grows with gamma, so a
   larger gamma makes the agent more far-sighted (a delayed reward wins once gamma is
   large enough).
5. TD(lambda)'s algorithm chooses actions "by epsilon-greedy" while evaluating V. A
   prediction algorithm must follow the policy pi being evaluated; following an
   epsilon-greedy version of it estimates the values of that other policy.
6. "lambda = 1 is MC": exact only for the off-line update (increments applied at the end of
   the episode), the forward view; the note's on-line backward algorithm changes V during
   the episode and only approximates every-visit Monte Carlo.
"""

import numpy as np
import pytest
from scipy import optimize

from patterneval.book.reinforcement import gridworld
from patterneval.book.simulation import check_mean
from patterneval.reinforcement import (
    MDP,
    action_values,
    discounted_return,
    epsilon_greedy,
    monte_carlo_evaluation,
    n_step_return,
    policy_evaluation,
    policy_iteration,
    sample_episode,
    td0,
    td_lambda,
    value_iteration,
)


def random_mdp(seed, n_states=6, n_actions=3, gamma=0.9):
    rng = np.random.default_rng(seed)
    P = rng.random((n_states, n_actions, n_states))
    P /= P.sum(axis=2, keepdims=True)
    return MDP(P, rng.normal(size=(n_states, n_actions)), gamma)


# 1 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(3))
def test_policy_evaluation_is_a_linear_system(seed):
    mdp = random_mdp(seed)
    policy = np.random.default_rng(seed).integers(0, 3, size=6)
    r_pi, P_pi = mdp.policy_matrices(policy)
    A = np.eye(6) - mdp.gamma * P_pi
    # a square system with a non-zero determinant: exactly one solution, no optimisation
    assert abs(np.linalg.det(A)) > 1e-6
    v = np.linalg.solve(A, r_pi)
    np.testing.assert_allclose(v, policy_evaluation(mdp, policy, method="iterative"), atol=1e-10)
    np.testing.assert_allclose(A @ v, r_pi, atol=1e-12)


@pytest.mark.parametrize("seed", range(3))
def test_linear_programming_solves_the_optimality_equations(seed):
    mdp = random_mdp(seed)
    S, A = mdp.n_states, mdp.n_actions
    # min sum v  s.t.  v(s) >= r(s, a) + gamma sum_s' P(s'|s,a) v(s')  for all s, a
    rows = [mdp.gamma * mdp.P[s, a] - np.eye(S)[s] for s in range(S) for a in range(A)]
    rhs = [-mdp.r[s, a] for s in range(S) for a in range(A)]
    # reference: scipy.optimize.linprog (HiGHS), scipy 1.x
    lp = optimize.linprog(
        np.ones(S),
        A_ub=np.array(rows),
        b_ub=np.array(rhs),
        bounds=[(None, None)] * S,
        method="highs",
    )
    assert lp.success
    np.testing.assert_allclose(lp.x, value_iteration(mdp, tol=1e-12).values, atol=1e-7)
    # and the LP's answer is not the value of an arbitrary policy: it is the optimum
    assert np.all(lp.x >= policy_evaluation(mdp, [0] * S) - 1e-9)


# 2 ----------------------------------------------------------------------------------------


def note_bellman_stochastic(mdp, pi, action_in_transition):
    """The note's equation with the expectation on the reward only."""
    S = mdp.n_states
    r = (pi * mdp.r).sum(axis=1)
    P = mdp.P[np.arange(S), action_in_transition]
    return np.linalg.solve(np.eye(S) - mdp.gamma * P, r)


def test_stochastic_policy_needs_the_expectation_over_the_transition_too():
    mdp = random_mdp(4)
    pi = np.random.default_rng(4).dirichlet(np.ones(3), size=6)
    v = policy_evaluation(mdp, pi)
    # correct: v(s) = sum_a pi(a|s) [r(s,a) + gamma sum_s' P(s'|s,a) v(s')]
    np.testing.assert_allclose(v, (pi * (mdp.r + mdp.gamma * mdp.P @ v)).sum(axis=1), atol=1e-12)
    # the note's form, with the most likely action (or any fixed one) in the transition term
    for actions in (pi.argmax(axis=1), np.zeros(6, dtype=int), np.full(6, 2)):
        assert np.max(np.abs(note_bellman_stochastic(mdp, pi, actions) - v)) > 0.05


# 3 ----------------------------------------------------------------------------------------


def test_return_is_discounted_from_the_visit_not_from_the_start():
    g = gridworld()
    policy = value_iteration(g).policy
    v = policy_evaluation(g, policy)
    s = g.state_names.index("(0,2)")
    rng = np.random.default_rng(0)
    correct, printed = [], []
    for _ in range(1500):
        ep = sample_episode(g, policy, start=g.start, rng=rng)
        hits = np.flatnonzero(ep.states[:-1] == s)
        if hits.size == 0:
            continue
        t = hits[0]
        correct.append(discounted_return(ep.rewards[t:], g.gamma))
        # note: G(s_t) = gamma^t R_t + ... + gamma^n R_n
        printed.append(sum(g.gamma**k * ep.rewards[k] for k in range(t, ep.rewards.size)))
    assert len(correct) > 1000
    assert check_mean(correct, v[s]).passed
    assert not check_mean(printed, v[s]).passed
    # the printed form is smaller by gamma^t, with t the (random) time of the visit
    assert np.mean(printed) < 0.8 * v[s]


# 4 ----------------------------------------------------------------------------------------


def delayed_reward_mdp(gamma, delay=3):
    """Action 0 pays 1 now; action 1 pays 2 after `delay` steps; both then end."""
    S = delay + 2
    P = np.zeros((S, 2, S))
    P[0, 0, S - 1] = 1.0
    P[0, 1, 1] = 1.0
    for s in range(1, S - 1):
        P[s, :, s + 1] = 1.0
    P[S - 1, :, S - 1] = 1.0
    R = np.zeros((S, 2))
    R[0, 0] = 1.0
    R[S - 2, :] = 2.0
    return MDP(P, R, gamma, terminal=[S - 1])


def test_larger_gamma_means_more_far_sighted():
    choices = [
        policy_iteration(delayed_reward_mdp(gamma)).policy[0] for gamma in np.linspace(0, 1, 21)
    ]
    # the agent takes the immediate reward for small gamma and the delayed, larger one for large gamma
    assert choices[0] == 0 and choices[-1] == 1
    assert np.all(np.diff(choices) >= 0)
    # the weight of a reward k steps ahead rises with gamma
    weights = [discounted_return([0.0] * 5 + [1.0], gamma) for gamma in (0.2, 0.5, 0.9)]
    assert weights == sorted(weights) and weights[0] < 1e-3 < weights[-1]


# 5 ----------------------------------------------------------------------------------------


def test_epsilon_greedy_actions_evaluate_another_policy():
    g = gridworld()
    policy = value_iteration(g).policy
    v_pi = policy_evaluation(g, policy)
    one_hot = np.eye(4)[policy]
    soft = epsilon_greedy(one_hot, 0.4)
    v_soft = policy_evaluation(g, soft)
    # the note's algorithm: TD(lambda) with epsilon-greedy actions
    est = (
        td_lambda(g, soft, lam=0.5, alpha=0.03, n_episodes=2500, rng=0).history[1250:].mean(axis=0)
    )
    assert np.max(np.abs(est - v_soft)) < 0.06
    assert np.max(np.abs(est - v_pi)) > 0.15
    # following pi itself estimates v_pi
    est_pi = (
        td_lambda(g, policy, lam=0.5, alpha=0.03, n_episodes=2500, rng=0)
        .history[1250:]
        .mean(axis=0)
    )
    assert np.max(np.abs(est_pi - v_pi)) < 0.06


# 6 ----------------------------------------------------------------------------------------


def test_lambda_one_is_monte_carlo_only_offline():
    g = gridworld()
    policy = np.full((g.n_states, 4), 0.25)
    mc = monte_carlo_evaluation(g, policy, visit="every", alpha=0.1, n_episodes=300, rng=8).values
    offline = td_lambda(g, policy, lam=1.0, alpha=0.1, n_episodes=300, offline=True, rng=8).values
    online = td_lambda(g, policy, lam=1.0, alpha=0.1, n_episodes=300, rng=8).values
    np.testing.assert_allclose(offline, mc, atol=1e-10)
    gap = np.max(np.abs(online - mc))
    assert 1e-3 < gap < 0.5  # close, but not the same algorithm


# 7 -------------------------------------------------------------------------------------------
def test_v_equals_max_q_only_for_an_optimal_policy():
    g = gridworld()
    live = ~g.terminal
    optimal = policy_iteration(g).policy
    v_opt = policy_evaluation(g, optimal)
    assert np.max(np.abs(action_values(g, v_opt).max(axis=1) - v_opt)) < 1e-10
    random_walk = np.full((g.n_states, g.n_actions), 0.25)
    for policy in (random_walk, np.zeros(g.n_states, dtype=int), np.full(g.n_states, 3)):
        pi = policy if np.ndim(policy) == 2 else np.eye(g.n_actions)[policy]
        v = policy_evaluation(g, policy)
        q = action_values(g, v)
        # what holds for every policy: v_pi(s) = sum_a pi(a|s) q_pi(s, a)
        np.testing.assert_allclose((pi * q).sum(axis=1)[live], v[live], atol=1e-10)
        # the note's identity fails: max_a q_pi(s, a) exceeds v_pi(s) by a wide margin
        gap = q.max(axis=1) - v
        assert np.all(gap[live] >= -1e-12) and gap[live].max() > 0.05


# 8 -------------------------------------------------------------------------------------------
def test_n_step_returns_reach_the_monte_carlo_return():
    g = gridworld()
    walk = np.full((g.n_states, g.n_actions), 0.25)
    v = policy_evaluation(g, walk)
    for seed in range(20):
        ep = sample_episode(g, walk, start=g.state_names.index("(2,0)"), rng=seed)
        T = ep.rewards.size
        assert ep.terminated and T >= 2
        for t in (0, T // 2, T - 1):
            G = discounted_return(ep.rewards[t:], g.gamma)
            gaps = np.array(
                [abs(n_step_return(ep, v, n, gamma=g.gamma, t=t) - G) for n in range(1, T - t + 4)]
            )
            # exact once n >= T - t (nothing left to bootstrap), the note's "tends to MC"
            assert np.all(gaps[T - t - 1 :] == 0.0)
            # before that: gamma^n |V(S_{t+n}) - G_{t+n}|
            for n in range(1, T - t):
                tail = discounted_return(ep.rewards[t + n :], g.gamma)
                expected = g.gamma**n * abs(v[ep.states[t + n]] - tail)
                assert gaps[n - 1] == pytest.approx(expected, abs=1e-12)
        # and bootstrapping makes a short-horizon target genuinely different from MC
        if T >= 3:
            assert (
                abs(n_step_return(ep, v, 1, gamma=g.gamma) - discounted_return(ep.rewards, g.gamma))
                > 1e-6
            )


# 9 -------------------------------------------------------------------------------------------
def test_the_visit_count_is_known_in_td():
    g = gridworld()
    walk = np.full((g.n_states, g.n_actions), 0.25)
    V = np.zeros(g.n_states)
    N = np.zeros(g.n_states, dtype=int)
    targets = [[] for _ in range(g.n_states)]
    for seed in range(200):
        ep = sample_episode(g, walk, rng=seed)
        for t in range(ep.rewards.size):  # online: N(s_t) is a counter, known at every step
            s, s2 = ep.states[t], ep.states[t + 1]
            target = ep.rewards[t] + g.gamma * (0.0 if g.terminal[s2] else V[s2])
            N[s] += 1
            V[s] += (target - V[s]) / N[s]
            targets[s].append(target)
    live = np.flatnonzero(~g.terminal)
    assert N[live].min() > 50
    # alpha = 1/N(s_t) makes V(s) the running mean of the TD targets, as MC's 1/N makes it
    # the mean of the returns
    for s in live:
        assert V[s] == pytest.approx(np.mean(targets[s]), abs=1e-12)
    # the library runs TD(0) with alpha / N(s_t) too (decay=1.0), counting visits online
    res = td0(g, walk, alpha=1.0, decay=1.0, n_episodes=200, rng=0)
    assert res.counts[live].min() > 50
