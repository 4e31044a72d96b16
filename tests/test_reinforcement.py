"""patterneval.reinforcement: dynamic programming, Monte Carlo, TD(0), TD(lambda), Q-learning."""

import dataclasses
import warnings

import numpy as np
import pytest
from _helpers import assert_rejects

import patterneval.reinforcement as RL
from patterneval.book.reinforcement import gridworld
from patterneval.book.simulation import check_mean
from patterneval.reinforcement import (
    MDP,
    Episode,
    action_values,
    discounted_return,
    epsilon_greedy,
    greedy_policy,
    monte_carlo_evaluation,
    n_step_return,
    policy_evaluation,
    policy_iteration,
    q_learning,
    sample_episode,
    sarsa,
    td0,
    td_lambda,
    value_iteration,
)


def random_mdp(seed, n_states=6, n_actions=3, gamma=0.9, terminal=None, sparse=False):
    rng = np.random.default_rng(seed)
    P = rng.random((n_states, n_actions, n_states)) ** (4 if sparse else 1)
    P /= P.sum(axis=2, keepdims=True)
    R = rng.normal(size=(n_states, n_actions, n_states))
    return MDP(P, R, gamma, terminal=terminal)


def episodic_mdp(seed, n_states=5, n_actions=2, gamma=0.95):
    """Every action ends the episode with probability >= 0.2 (all policies proper)."""
    rng = np.random.default_rng(seed)
    S = n_states + 1
    P = rng.random((S, n_actions, S))
    P[:, :, -1] = 0.0
    P /= P.sum(axis=2, keepdims=True)
    P *= 0.8
    P[:, :, -1] += 0.2
    R = rng.normal(size=(S, n_actions))
    return MDP(P, R, gamma, terminal=[S - 1])


def slow_policy_evaluation(mdp, policy, tol=1e-13):
    """Obviously-correct twin: Bellman backups with explicit loops over s, a, s'."""
    S, A = mdp.n_states, mdp.n_actions
    pi = np.zeros((S, A))
    for s in range(S):
        pi[s, policy[s]] = 1.0
    v = [0.0] * S
    while True:
        new = [0.0] * S
        for s in range(S):
            if mdp.terminal[s]:
                continue
            total = 0.0
            for a in range(A):
                for t in range(S):
                    total += pi[s, a] * mdp.P[s, a, t] * (mdp.R[s, a, t] + mdp.gamma * v[t])
            new[s] = total
        if max(abs(x - y) for x, y in zip(new, v)) <= tol:
            return np.array(new)
        v = new


# --- the MDP and the gridworld ---------------------------------------------------------


def test_gridworld_layout_and_rows():
    g = gridworld()
    assert g.n_states == 11 and g.n_actions == 4
    assert g.cells[g.start] == (2, 0)
    np.testing.assert_allclose(g.P.sum(axis=2), 1.0)
    s = g.state_names.index("(2,0)")
    up = g.P[s, 0]
    # up: 0.8 to (1,0), 0.1 right to (2,1), 0.1 left bumps the edge and stays
    assert up[g.state_names.index("(1,0)")] == pytest.approx(0.8)
    assert up[g.state_names.index("(2,1)")] == pytest.approx(0.1)
    assert up[s] == pytest.approx(0.1)
    # (1,0) moving right hits the wall at (1,1): stays with 0.8
    s10 = g.state_names.index("(1,0)")
    assert g.P[s10, 1, s10] == pytest.approx(0.8)
    assert set(np.flatnonzero(g.terminal)) == {
        g.state_names.index("(0,3)"),
        g.state_names.index("(1,3)"),
    }
    t = g.state_names.index("(0,2)")
    assert g.R[t, 1, g.state_names.index("(0,3)")] == 1.0
    assert g.R[t, 1, g.state_names.index("(1,2)")] == -0.04
    grid = g.to_grid(np.arange(11))
    assert np.isnan(grid[1, 1]) and grid[2, 3] == 10


def test_terminal_states_are_absorbing_with_zero_reward():
    P = np.full((2, 1, 2), 0.5)
    mdp = MDP(P, [[3.0], [5.0]], 0.9, terminal=[1])
    assert mdp.P[1, 0, 1] == 1.0 and mdp.r[1, 0] == 0.0
    v = policy_evaluation(mdp, [0, 0])
    assert v[1] == 0.0
    assert v[0] == pytest.approx(3.0 / (1 - 0.9 * 0.5))
    assert "terminal=[1]" in repr(mdp)


def test_rewards_per_pair_and_per_transition_agree():
    rng = np.random.default_rng(0)
    P = rng.random((4, 2, 4))
    P /= P.sum(axis=2, keepdims=True)
    r = rng.normal(size=(4, 2))
    a = MDP(P, r, 0.8)
    b = MDP(P, np.repeat(r[:, :, None], 4, axis=2), 0.8)
    np.testing.assert_allclose(a.r, b.r)
    np.testing.assert_allclose(a.r, r)


# --- dynamic programming ---------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_linear_solve_equals_iterative_and_slow_twin(seed):
    mdp = random_mdp(seed)
    policy = np.random.default_rng(seed).integers(0, 3, size=6)
    v = policy_evaluation(mdp, policy)
    w = policy_evaluation(mdp, policy, method="iterative")
    np.testing.assert_allclose(v, w, rtol=0, atol=1e-10)
    np.testing.assert_allclose(v, slow_policy_evaluation(mdp, policy), rtol=0, atol=1e-10)
    # it is the fixed point of the Bellman expectation backup
    np.testing.assert_allclose(v, action_values(mdp, v)[np.arange(6), policy], atol=1e-12)


def test_policy_evaluation_gridworld_stochastic_and_undiscounted():
    g = gridworld()
    pi = np.full((g.n_states, 4), 0.25)
    np.testing.assert_allclose(
        policy_evaluation(g, pi), policy_evaluation(g, pi, method="iterative"), atol=1e-10
    )
    g1 = gridworld(gamma=1.0)
    v = policy_evaluation(g1, pi)  # the random walk is proper: it ends with probability 1
    np.testing.assert_allclose(v, policy_evaluation(g1, pi, method="iterative"), atol=1e-10)
    np.testing.assert_allclose(v, slow_policy_evaluation_matrix(g1, pi), atol=1e-10)


def slow_policy_evaluation_matrix(mdp, pi):
    S = mdp.n_states
    A = np.eye(S)
    b = np.zeros(S)
    for s in range(S):
        if mdp.terminal[s]:
            continue
        for a in range(mdp.n_actions):
            for t in range(S):
                A[s, t] -= mdp.gamma * pi[s, a] * mdp.P[s, a, t]
                b[s] += pi[s, a] * mdp.P[s, a, t] * mdp.R[s, a, t]
    return np.linalg.solve(A, b)


def test_improper_policy_with_gamma_one_is_rejected():
    g = gridworld(gamma=1.0, slip=0.0)
    left = [3] * g.n_states  # from (2,0) "left" never moves: no terminal is ever reached
    with pytest.raises(ValueError, match="proper"):
        policy_evaluation(g, left)


def test_policy_and_value_iteration_agree_on_the_gridworld():
    g = gridworld()
    pi, vi = policy_iteration(g), value_iteration(g, tol=1e-12)
    assert pi.converged and vi.converged
    np.testing.assert_array_equal(pi.policy, vi.policy)
    np.testing.assert_allclose(pi.values, vi.values, atol=1e-10)
    # the classic answer (Russell & Norvig, gamma=0.9 variant): from the start go up
    assert g.action_names[pi.policy[g.start]] == "up"
    # optimality: no one-step deviation helps (Bellman optimality equation)
    np.testing.assert_allclose(pi.values, action_values(g, pi.values).max(axis=1), atol=1e-12)


@pytest.mark.parametrize("seed", range(6))
def test_policy_and_value_iteration_agree_on_random_mdps(seed):
    mdp = random_mdp(seed, gamma=[0.5, 0.9, 0.99][seed % 3])
    pi, vi = policy_iteration(mdp), value_iteration(mdp, tol=1e-11)
    np.testing.assert_array_equal(pi.policy, vi.policy)
    tol = 1e-11 * mdp.gamma / (1 - mdp.gamma) + 1e-9
    np.testing.assert_allclose(pi.values, vi.values, atol=tol)
    # the optimal values dominate every deterministic policy's values
    rng = np.random.default_rng(seed)
    for _ in range(20):
        other = policy_evaluation(mdp, rng.integers(0, 3, size=6))
        assert np.all(other <= pi.values + 1e-9)


def test_policy_iteration_values_improve_monotonically():
    mdp = random_mdp(11, n_states=12, n_actions=4, gamma=0.95)
    res = policy_iteration(mdp, keep_history=True)
    diffs = np.diff(res.value_history, axis=0)
    assert res.iterations >= 1 and np.all(diffs >= -1e-10)


@pytest.mark.parametrize("seed", range(4))
def test_value_iteration_contraction(seed):
    mdp = random_mdp(seed, gamma=0.8)
    v_star = policy_iteration(mdp).values
    v0 = np.random.default_rng(seed).normal(scale=10, size=6)
    res = value_iteration(mdp, v0=v0, tol=1e-12, keep_history=True)
    err = np.max(np.abs(res.value_history - v_star), axis=1)
    k = np.arange(err.size)
    assert np.all(err <= mdp.gamma**k * err[0] + 1e-12)
    # and the stopping rule's bound ||v_K - v*|| <= gamma tol / (1 - gamma) holds
    assert err[-1] <= mdp.gamma * 1e-12 / (1 - mdp.gamma) + 1e-12


def test_greedy_and_epsilon_greedy():
    q = np.array([[1.0, 3.0, 2.0], [0.0, 0.0, -1.0]])
    np.testing.assert_array_equal(greedy_policy(q), [1, 0])
    pi = epsilon_greedy(q, 0.3)
    np.testing.assert_allclose(pi.sum(axis=1), 1.0)
    # the greedy action keeps 1 - eps + eps/A, every other action eps/A
    np.testing.assert_allclose(pi[0], [0.1, 0.8, 0.1])
    np.testing.assert_allclose(epsilon_greedy(q, 0.0)[1], [1.0, 0.0, 0.0])


# --- the discount factor -------------------------------------------------------------------


@pytest.mark.parametrize("gamma", [0.0, 0.5, 0.9, 0.99])
def test_constant_reward_stream_is_worth_r_over_one_minus_gamma(gamma):
    mdp = MDP(np.ones((1, 1, 1)), [[2.5]], gamma)
    assert policy_evaluation(mdp, [0])[0] == pytest.approx(2.5 / (1 - gamma), rel=1e-12)
    T = 40
    assert discounted_return([2.5] * T, gamma) == pytest.approx(2.5 * (1 - gamma**T) / (1 - gamma))


def delayed_reward_mdp(gamma):
    """State 0: action 0 pays 1 now and ends; action 1 pays 0 and leads to state 1, then
    2 more zero-reward steps before a reward of 2 (values 1 vs 2 gamma^3)."""
    P = np.zeros((5, 2, 5))
    P[0, 0, 4] = 1.0
    P[0, 1, 1] = 1.0
    P[1, :, 2] = 1.0
    P[2, :, 3] = 1.0
    P[3, :, 4] = 1.0
    P[4, :, 4] = 1.0
    R = np.zeros((5, 2))
    R[0, 0] = 1.0
    R[3, :] = 2.0
    return MDP(P, R, gamma, terminal=[4])


def test_larger_gamma_values_later_rewards_more():
    switch = 0.5 ** (1 / 3)  # 1 = 2 gamma^3
    for gamma in (0.3, 0.6, 0.75):
        res = policy_iteration(delayed_reward_mdp(gamma))
        assert res.q[0, 1] == pytest.approx(2 * gamma**3)
        assert res.policy[0] == (0 if gamma < switch else 1)
    for gamma in (0.85, 0.95, 1.0):
        assert policy_iteration(delayed_reward_mdp(gamma)).policy[0] == 1


# --- sampling --------------------------------------------------------------------------------


def test_sample_episode_transition_frequencies():
    g = gridworld()
    s = g.state_names.index("(2,1)")
    policy = np.full((g.n_states, 4), 0.25)
    rng = np.random.default_rng(0)
    firsts = np.array(
        [sample_episode(g, policy, start=s, max_steps=1, rng=rng).states[1] for _ in range(3000)]
    )
    expected = policy[s] @ g.P[s]
    for t in np.flatnonzero(expected > 0):
        assert check_mean(firsts == t, expected[t]).passed
    ep = sample_episode(g, [0] * g.n_states, rng=5)
    assert ep.terminated and g.terminal[ep.states[-1]] and ep.rewards.size == ep.actions.size


def test_episode_returns_are_unbiased_for_the_start_value():
    g = gridworld()
    policy = value_iteration(g).policy
    v = policy_evaluation(g, policy)
    rng = np.random.default_rng(1)
    returns = [
        discounted_return(sample_episode(g, policy, start=g.start, rng=rng).rewards, g.gamma)
        for _ in range(1500)
    ]
    assert check_mean(returns, v[g.start]).passed


# --- Monte Carlo and TD ---------------------------------------------------------------------


@pytest.mark.parametrize("state", ["(2,0)", "(1,2)"])
def test_first_visit_monte_carlo_is_unbiased(state):
    g = gridworld()
    policy = np.full((g.n_states, 4), 0.25)  # a random walk revisits states often
    s = g.state_names.index(state)
    v = policy_evaluation(g, policy)
    estimates = [
        monte_carlo_evaluation(g, policy, n_episodes=3, start=s, rng=seed).values[s]
        for seed in range(400)
    ]
    check = check_mean(estimates, v[s])
    assert check.passed, check


def test_every_visit_mc_and_td0_converge():
    g = gridworld()
    policy = value_iteration(g).policy
    v = policy_evaluation(g, policy)
    live = ~g.terminal
    # returns here have a standard deviation of about 0.5 and each state gets a few
    # hundred visits: a Monte Carlo error of about 0.03 per state, so 0.1 is > 3 SE
    mc = monte_carlo_evaluation(g, policy, visit="every", n_episodes=4000, rng=0)
    assert np.max(np.abs(mc.values - v)[live]) < 0.1
    first = monte_carlo_evaluation(g, policy, visit="first", n_episodes=4000, rng=0)
    assert np.max(np.abs(first.values - v)[live]) < 0.1

    # sample averages: the RMS error shrinks with more episodes
    def rms(est):
        return np.sqrt(np.mean((est - v)[live] ** 2))

    assert rms(mc.values) < rms(mc.history[99]) / 2
    td = td0(g, policy, alpha=0.05, n_episodes=3000, rng=0)
    # constant alpha: the estimate wanders around v; its time average over the last half is close
    assert np.max(np.abs(td.history[1500:].mean(axis=0) - v)) < 0.03
    assert np.max(np.abs(td.values - v)) < 0.1
    assert mc.counts[live].min() > 0 and td.method == "TD(0)"


def test_td0_with_robbins_monro_steps_is_unbiased_in_the_limit():
    g = gridworld()
    policy = policy_iteration(g).policy
    v = policy_evaluation(g, policy)
    finals = np.array(
        [
            td0(g, policy, alpha=1.0, decay=0.8, n_episodes=2000, rng=100 + seed).values
            for seed in range(30)
        ]
    )
    for s in np.flatnonzero(~g.terminal):
        check = check_mean(finals[:, s], v[s])
        assert check.passed, (s, check)
    # steps 1/n forget the zero initial values slowly: still visibly biased (the chapter says so)
    slow = np.array(
        [
            td0(g, policy, alpha=1.0, decay=1.0, n_episodes=2000, rng=100 + seed).values
            for seed in range(30)
        ]
    )
    assert max(abs(check_mean(slow[:, s], v[s]).z) for s in np.flatnonzero(~g.terminal)) > 4
    assert np.all(slow.mean(axis=0)[~g.terminal] < v[~g.terminal] + 0.01)


def test_td0_error_shrinks_with_alpha():
    g = gridworld()
    policy = value_iteration(g).policy
    v = policy_evaluation(g, policy)
    spread = []
    for alpha in (0.2, 0.02):
        runs = [td0(g, policy, alpha=alpha, n_episodes=1500, rng=seed).values for seed in range(5)]
        spread.append(np.sqrt(np.mean((np.array(runs) - v) ** 2)))
    assert spread[1] < spread[0]


@pytest.mark.parametrize("traces", ["accumulating", "replacing"])
@pytest.mark.parametrize("offline", [False, True])
def test_td_lambda_zero_is_td0_exactly(traces, offline):
    g = gridworld()
    policy = np.full((g.n_states, 4), 0.25)
    a = td_lambda(g, policy, lam=0.0, alpha=0.1, n_episodes=200, traces=traces, rng=3)
    b = td0(g, policy, alpha=0.1, n_episodes=200, rng=3)
    if not offline:
        np.testing.assert_array_equal(a.history, b.history)
    # off-line TD(0) differs (updates wait for the episode end) but not by much
    c = td_lambda(g, policy, lam=0.0, alpha=0.1, n_episodes=200, traces=traces, offline=True, rng=3)
    assert 0 < np.max(np.abs(c.values - b.values)) < 0.5


def forward_view(mdp, policy, lam, alpha, n_episodes, rng):
    """Twin: off-line lambda-return algorithm, G^lam_t = r + gamma((1-lam)V(s') + lam G^lam_{t+1})."""
    sampler = RL._Sampler(
        mdp, np.random.default_rng(rng), RL.check_policy(policy, mdp.n_states, mdp.n_actions)
    )
    V = np.zeros(mdp.n_states)
    for _ in range(n_episodes):
        states, _, rewards = sampler.episode(None, 10_000)
        T = len(rewards)
        G = np.zeros(T)
        nxt = 0.0  # G^lam_T = 0 after the terminal state
        for t in range(T - 1, -1, -1):
            s2 = states[t + 1]
            boot = 0.0 if mdp.terminal[s2] else V[s2]
            nxt = rewards[t] + mdp.gamma * ((1 - lam) * boot + lam * nxt)
            G[t] = nxt
        inc = np.zeros(mdp.n_states)
        for t in range(T):
            inc[states[t]] += alpha * (G[t] - V[states[t]])
        V += inc
    return V


@pytest.mark.parametrize("lam", [0.0, 0.4, 0.9, 1.0])
def test_offline_backward_view_equals_forward_view(lam):
    g = gridworld()
    policy = np.full((g.n_states, 4), 0.25)
    back = td_lambda(g, policy, lam=lam, alpha=0.05, n_episodes=60, offline=True, rng=7)
    np.testing.assert_allclose(back.values, forward_view(g, policy, lam, 0.05, 60, 7), atol=1e-10)


def test_td_lambda_one_offline_is_every_visit_monte_carlo():
    g = gridworld()
    policy = np.full((g.n_states, 4), 0.25)
    td = td_lambda(g, policy, lam=1.0, alpha=0.05, n_episodes=200, offline=True, rng=2)
    mc = monte_carlo_evaluation(g, policy, visit="every", alpha=0.05, n_episodes=200, rng=2)
    np.testing.assert_allclose(td.history, mc.history, atol=1e-10)


def test_replacing_td_one_offline_is_first_visit_mc_when_undiscounted():
    g = gridworld(gamma=1.0)
    policy = np.full((g.n_states, 4), 0.25)
    td = td_lambda(
        g, policy, lam=1.0, alpha=0.05, n_episodes=100, traces="replacing", offline=True, rng=4
    )
    mc = monte_carlo_evaluation(g, policy, visit="first", alpha=0.05, n_episodes=100, rng=4)
    np.testing.assert_allclose(td.values, mc.values, atol=1e-10)


def test_td_lambda_converges():
    g = gridworld()
    policy = value_iteration(g).policy
    v = policy_evaluation(g, policy)
    for traces in ("accumulating", "replacing"):
        res = td_lambda(g, policy, lam=0.7, alpha=0.03, n_episodes=2500, traces=traces, rng=1)
        # constant alpha: the estimate keeps moving; its time average settles near v
        assert np.max(np.abs(res.history[1250:].mean(axis=0) - v)) < 0.06


# --- control ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_q_learning_reaches_the_optimal_policy(seed):
    g = gridworld()
    best = policy_iteration(g)
    # step sizes alpha / n(s, a)^0.8 (Robbins-Monro), plenty of exploration
    res = q_learning(g, alpha=1.0, decay=0.8, epsilon=0.5, n_episodes=3000, rng=seed)
    np.testing.assert_array_equal(res.policy[~g.terminal], best.policy[~g.terminal])
    np.testing.assert_allclose(policy_evaluation(g, res.policy), best.values, atol=1e-10)
    assert np.max(np.abs(res.values - best.values)) < 0.1
    assert res.history.shape == (3000, g.n_states) and res.returns.shape == (3000,)


def test_q_learning_in_a_deterministic_world_is_asynchronous_value_iteration():
    g = gridworld(slip=0.0)
    v_star = value_iteration(g).values
    for seed in range(3):
        q = q_learning(g, alpha=1.0, epsilon=0.5, n_episodes=400, rng=seed)
        # alpha = 1 and deterministic moves: each update is an exact Bellman optimality backup
        np.testing.assert_allclose(q.values, v_star, atol=1e-9)


def slow_td_control(mdp, alpha, epsilon, n_episodes, seed, kind):
    """Twin of q_learning / sarsa on numpy arrays, drawing from the same uniform stream."""
    sampler = RL._Sampler(mdp, np.random.default_rng(seed))
    S, A = mdp.n_states, mdp.n_actions
    Q = np.zeros((S, A))

    def choose(s):
        if sampler.uniform() < epsilon:
            return int(sampler.uniform() * A)
        return int(np.argmax(Q[s]))

    for _ in range(n_episodes):
        s = sampler.start(None)
        a = choose(s)
        while True:
            r, s2 = sampler.step(s, a)
            if mdp.terminal[s2]:
                Q[s, a] = (1 - alpha) * Q[s, a] + alpha * r
                break
            a2 = choose(s2)
            nxt = Q[s2].max() if kind == "q" else Q[s2, a2]
            Q[s, a] = (1 - alpha) * Q[s, a] + alpha * (r + mdp.gamma * nxt)  # the note's form
            s, a = s2, a2
    return Q


def test_q_learning_and_sarsa_match_their_twins():
    g = gridworld()
    for kind, func in (("q", q_learning), ("sarsa", sarsa)):
        fast = func(g, alpha=0.3, epsilon=0.2, n_episodes=150, rng=5).q
        np.testing.assert_allclose(fast, slow_td_control(g, 0.3, 0.2, 150, 5, kind), atol=1e-12)
    # SARSA and Q-learning differ once the next action is exploratory
    assert not np.allclose(
        q_learning(g, n_episodes=150, rng=5).q, sarsa(g, n_episodes=150, rng=5).q
    )


def test_sarsa_is_greedy_for_its_exploring_policy():
    g = gridworld()
    sa = sarsa(g, alpha=1.0, decay=0.8, epsilon=0.5, n_episodes=3000, rng=0)
    v_eps = policy_evaluation(g, epsilon_greedy(sa.q, 0.5))
    live = ~g.terminal
    np.testing.assert_array_equal(sa.policy[live], action_values(g, v_eps).argmax(axis=1)[live])
    v_star = policy_iteration(g).values
    assert np.max(np.abs(sa.values - v_eps)[live]) < np.max(np.abs(sa.values - v_star)[live])


def test_learning_curve_is_the_rms_error():
    h = np.array([[1.0, np.nan, 3.0], [0.0, 2.0, 0.0]])
    v = np.array([0.0, 0.0, 0.0])
    np.testing.assert_allclose(RL.learning_curve(h, v), [np.sqrt(5.0), np.sqrt(4 / 3)])
    np.testing.assert_allclose(
        RL.learning_curve(h, v, mask=np.array([True, False, False])), [1.0, 0.0]
    )


def test_results_are_frozen_and_print():
    g = gridworld()
    res = value_iteration(g)
    with pytest.raises(dataclasses.FrozenInstanceError):
        res.values = None
    assert repr(res).startswith("PlanningResult(values=")
    assert "value_history" not in repr(res)
    pred = td0(g, [0] * g.n_states, n_episodes=5, rng=0)
    assert "PredictionResult" in pred._repr_html_()
    ctrl = q_learning(g, n_episodes=5, rng=0)
    assert repr(ctrl).startswith("ControlResult(q=")


def test_same_seed_same_result():
    g = gridworld()
    a = q_learning(g, n_episodes=50, rng=9)
    b = q_learning(g, n_episodes=50, rng=np.random.default_rng(9))
    np.testing.assert_array_equal(a.q, b.q)
    c = monte_carlo_evaluation(g, [0] * g.n_states, n_episodes=30, rng=9)
    d = monte_carlo_evaluation(g, [0] * g.n_states, n_episodes=30, rng=9)
    np.testing.assert_array_equal(c.history, d.history)


# --- bad input -------------------------------------------------------------------------------

P2 = np.full((2, 1, 2), 0.5)
R2 = np.zeros((2, 1))
G = gridworld()
POL = [0] * G.n_states

_EP = Episode(
    states=np.array([0, 1, 2]),
    actions=np.array([0, 0]),
    rewards=np.array([1.0, 1.0]),
    terminated=True,
)

CASES = [
    (
        n_step_return,
        ([0, 1], [0.0, 0.0, 0.0], 1),
        {"gamma": 0.9},
        TypeError,
        "episode must be an Episode",
    ),
    (n_step_return, (_EP, [0.0, 0.0], 1), {"gamma": 0.9}, ValueError, "values must be a vector"),
    (n_step_return, (_EP, [0.0, np.nan, 0.0], 1), {"gamma": 0.9}, ValueError, "values holds 1 NaN"),
    (n_step_return, (_EP, [0.0, 0.0, 0.0], 0), {"gamma": 0.9}, ValueError, "n"),
    (n_step_return, (_EP, [0.0, 0.0, 0.0], 1), {"gamma": 1.5}, ValueError, "gamma"),
    (
        n_step_return,
        (_EP, [0.0, 0.0, 0.0], 1),
        {"gamma": 0.9, "t": 2},
        ValueError,
        r"t must be an integer in \[0, 1\]",
    ),
    (MDP, (P2[:, :, :1], R2, 0.9), {}, ValueError, "shape"),
    (
        MDP,
        (np.zeros((0, 0, 0)), np.zeros((0, 0)), 0.9),
        {},
        ValueError,
        "at least one state and one action",
    ),
    (MDP, (np.full((2, 1, 2), 0.6), R2, 0.9), {}, ValueError, "sum to 1"),
    (
        MDP,
        (np.array([[[1.5, -0.5]], [[0.5, 0.5]]]), R2, 0.9),
        {},
        ValueError,
        "transitions must be an array of values >= 0",
    ),
    (MDP, (np.full((2, 1, 2), np.nan), R2, 0.9), {}, ValueError, "transitions"),
    (MDP, ("abc", R2, 0.9), {}, TypeError, "transitions"),
    (MDP, (P2, np.zeros((3, 1)), 0.9), {}, ValueError, "rewards"),
    (MDP, (P2, [[np.inf], [0]], 0.9), {}, ValueError, "rewards"),
    (MDP, (P2, R2, 1.2), {}, ValueError, "gamma"),
    (MDP, (P2, R2, -0.1), {}, ValueError, "gamma"),
    (MDP, (P2, R2, "0.9"), {}, TypeError, "gamma"),
    (MDP, (P2, R2, 1.0), {}, ValueError, "terminal"),
    (MDP, (P2, R2, 0.9), {"terminal": [0, 1]}, ValueError, "terminal"),
    (MDP, (P2, R2, 0.9), {"terminal": [2]}, ValueError, "terminal"),
    (MDP, (P2, R2, 0.9), {"terminal": [0.5]}, TypeError, "terminal"),
    (MDP, (P2, R2, 0.9), {"state_names": ["a"]}, ValueError, "state_names"),
    (MDP, (P2, R2, 0.9), {"state_names": ["a", "a"]}, ValueError, "distinct"),
    (MDP, (P2, R2, 0.9), {"action_names": "up"}, TypeError, "action_names"),
    (gridworld, (), {"shape": (0, 4)}, ValueError, "shape"),
    (gridworld, (), {"walls": [(5, 5)]}, ValueError, "walls"),
    (gridworld, (), {"walls": [(0, 3)]}, ValueError, "walls must be cells that are not terminals"),
    (gridworld, (), {"terminals": [(0, 3)]}, TypeError, "terminals"),
    (gridworld, (), {"slip": 1.5}, ValueError, "slip"),
    (gridworld, (), {"start": (0, 3)}, ValueError, "start"),
    (gridworld, (), {"gamma": 2}, ValueError, "gamma"),
    (policy_evaluation, ("mdp", POL), {}, TypeError, "mdp"),
    (policy_evaluation, (G, POL[:-1]), {}, ValueError, "policy"),
    (policy_evaluation, (G, [9] * G.n_states), {}, ValueError, "policy"),
    (policy_evaluation, (G, np.full((G.n_states, 4), 0.3)), {}, ValueError, "sum to 1"),
    (policy_evaluation, (G, POL), {"method": "lp"}, ValueError, "method"),
    (policy_evaluation, (G, POL), {"tol": 0}, ValueError, "tol"),
    (action_values, (G, [0.0]), {}, ValueError, "values"),
    (greedy_policy, ([1.0, 2.0],), {}, ValueError, "q"),
    (epsilon_greedy, ([[1.0, 2.0]], 1.5), {}, ValueError, "epsilon"),
    (
        policy_iteration,
        (G,),
        {"policy": np.full((G.n_states, 4), 0.25)},
        ValueError,
        "deterministic",
    ),
    (policy_iteration, (G,), {"max_iter": 0}, ValueError, "max_iter"),
    (value_iteration, (G,), {"tol": -1}, ValueError, "tol"),
    (value_iteration, (G,), {"v0": [0.0]}, ValueError, "v0"),
    (discounted_return, ([1.0], 1.5), {}, ValueError, "gamma"),
    (sample_episode, (G, POL), {"start": 3}, ValueError, "terminal"),
    (sample_episode, (G, POL), {"start": 99}, ValueError, "start"),
    (sample_episode, (G, POL), {"max_steps": 0}, ValueError, "max_steps"),
    (sample_episode, (G, POL), {"rng": "seed"}, TypeError, "rng"),
    (monte_carlo_evaluation, (G, POL), {"visit": "last"}, ValueError, "visit"),
    (monte_carlo_evaluation, (G, POL), {"n_episodes": 0}, ValueError, "n_episodes"),
    (monte_carlo_evaluation, (G, POL), {"alpha": 0.0}, ValueError, "alpha"),
    (monte_carlo_evaluation, (MDP(P2, R2, 0.9), [0, 0]), {}, ValueError, "terminal"),
    (td0, (G, POL), {"alpha": 1.5}, ValueError, "alpha"),
    (td0, (G, POL), {"decay": -0.5}, ValueError, "decay"),
    (td0, (G, POL), {"v0": [1.0, 2.0]}, ValueError, "v0"),
    (td_lambda, (G, POL), {"lam": 1.1}, ValueError, "lam"),
    (td_lambda, (G, POL), {"lam": 0.5, "traces": "dutch"}, ValueError, "traces"),
    (td_lambda, (G, POL), {"lam": 0.5, "offline": "yes"}, TypeError, "offline"),
    (q_learning, (G,), {"epsilon": -0.1}, ValueError, "epsilon"),
    (q_learning, (G,), {"alpha": True}, TypeError, "alpha"),
    (q_learning, (G,), {"q0": np.zeros((2, 2))}, ValueError, "q0"),
    (q_learning, (G,), {"decay": 2.0}, ValueError, "decay"),
    (sarsa, (G,), {"n_episodes": 2.5}, TypeError, "n_episodes"),
    (RL.learning_curve, ([[1.0, 2.0]], [0.0]), {}, ValueError, "history"),
    (RL.learning_curve, ([[1.0, 2.0]], [0.0, 0.0]), {"mask": [1, 0]}, ValueError, "mask"),
]


@pytest.mark.parametrize("func, args, kwargs, exc, word", CASES)
def test_bad_input(func, args, kwargs, exc, word):
    assert_rejects(exc, word, func, *args, **kwargs)


# ------------------------------------------------------------ memory and convergence
def test_planning_keeps_history_only_on_request():
    g = gridworld()
    vi = value_iteration(g, tol=1e-12)
    assert vi.value_history is None and vi.history.shape == (vi.iterations,)
    full = value_iteration(g, tol=1e-12, keep_history=True)
    assert full.value_history.shape == (full.iterations + 1, g.n_states)
    np.testing.assert_array_equal(
        full.history, np.max(np.abs(np.diff(full.value_history, axis=0)), axis=1)
    )
    np.testing.assert_array_equal(full.values, vi.values)
    pi = policy_iteration(g)
    assert pi.value_history is None and pi.history.shape == (pi.iterations,)
    pi_full = policy_iteration(g, keep_history=True)
    assert pi_full.value_history.shape == (pi.iterations + 1, g.n_states)
    np.testing.assert_array_equal(
        pi_full.history, np.max(np.abs(np.diff(pi_full.value_history, axis=0)), axis=1)
    )
    with pytest.raises(TypeError, match="keep_history must be True or False"):
        value_iteration(g, keep_history="yes")
    with pytest.raises(TypeError, match="keep_history must be True or False"):
        policy_iteration(g, keep_history=1)


def test_value_iteration_warns_at_max_iter():
    from sklearn.exceptions import ConvergenceWarning

    g = gridworld()
    with pytest.warns(ConvergenceWarning, match="did not reach tol=1e-12 in max_iter=5 sweeps"):
        res = value_iteration(g, tol=1e-12, max_iter=5)
    assert not res.converged and res.iterations == 5
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert value_iteration(g, tol=1e-12).converged


def test_policy_iteration_warns_at_max_iter():
    from sklearn.exceptions import ConvergenceWarning

    mdp = random_mdp(11, n_states=12, n_actions=4, gamma=0.95)
    needed = policy_iteration(mdp).iterations
    assert needed >= 1
    with pytest.warns(ConvergenceWarning, match="still changing after max_iter=1"):
        res = policy_iteration(mdp, max_iter=1)
    assert not res.converged
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert policy_iteration(mdp, max_iter=needed + 1).converged


def test_greedy_ties_within_rounding_go_to_the_lowest_action():
    q = np.array([[0.1 + 0.2, 0.3, 0.0], [1.0, 1.0 + 1e-9, 0.0], [-5.0, -5.0 * (1 + 1e-15), -6.0]])
    assert greedy_policy(q).tolist() == [0, 1, 0]


def test_learners_keep_history_only_on_request():
    g = gridworld()
    walk = np.full((g.n_states, g.n_actions), 0.25)
    runs = [
        lambda kh: monte_carlo_evaluation(g, walk, n_episodes=30, rng=0, keep_history=kh),
        lambda kh: td0(g, walk, n_episodes=30, rng=0, keep_history=kh),
        lambda kh: td_lambda(g, walk, lam=0.5, n_episodes=30, rng=0, keep_history=kh),
        lambda kh: q_learning(g, n_episodes=30, rng=0, keep_history=kh),
        lambda kh: sarsa(g, n_episodes=30, rng=0, keep_history=kh),
    ]
    for run in runs:
        full, lean = run(True), run(False)
        assert full.history.shape == (30, g.n_states) and lean.history is None
        np.testing.assert_array_equal(full.values, lean.values)
        with pytest.raises(TypeError, match="keep_history must be True or False"):
            run("no")


def test_gridworld_cells_must_be_integer_pairs():
    with pytest.raises(
        TypeError, match=r"walls must be \(row, column\) integer pairs; got \[\(1\.5"
    ):
        gridworld(walls=[(1.5, 1)])
    with pytest.raises(TypeError, match=r"start must be \(row, column\) integer pairs"):
        gridworld(start=2)
