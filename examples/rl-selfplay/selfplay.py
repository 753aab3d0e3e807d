"""A small policy trained by self-play on the batched environment, in numpy.

The game is one hand of Écarté (a match to one point: the cut, the deal, proposals,
discards and five tricks). The policy is linear-softmax over the action ids on the
observation tensor, masked to the legal ids; both seats play it (self-play) in a batch of
environments stepped in C (``ecarte.rl.vector``), and REINFORCE with a running baseline
moves it towards the actions of the hands its seat won. Every few iterations it plays a
batch of hands against the uniform random player (seat 0 the policy, seat 1 random, the
dealer decided by the cut) and notes the win rate with its 95% Wilson interval: the
learning curve, written as CSV (and as a PNG when matplotlib is installed).

    python examples/rl-selfplay/selfplay.py --out examples/rl-selfplay/curve

prints the curve and the final evaluation against random.
"""

from __future__ import annotations

import argparse
import csv
import math
from collections.abc import Callable
from pathlib import Path

import numpy as np

from ecarte import Rules
from ecarte.rl import EcarteSpec
from ecarte.rl.vector import VecEnv

SPEC = EcarteSpec(Rules(target=1, games_to_win=1))


def _int_from(least: int) -> Callable[[str], int]:
    """An argparse type: an int >= ``least``."""

    def parse(text: str) -> int:
        value = int(text)
        if value < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}, not {value}")
        return value

    parse.__name__ = "int"
    return parse


def _finite(text: str) -> float:
    """An argparse type: a finite number."""
    value = float(text)
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"must be a finite number, not {text}")
    return value


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


class Policy:
    """Softmax over the legal ids of ``obs @ w + b``."""

    def __init__(self, size: int, ids: int, rng: np.random.Generator) -> None:
        self.w = rng.normal(0.0, 0.01, (size, ids)).astype(np.float32)
        self.b = np.zeros(ids, np.float32)

    def probs(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = obs.astype(np.float32) @ self.w + self.b
        logits = np.where(mask > 0, logits, -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits) * (mask > 0)
        return p / p.sum(axis=1, keepdims=True)

    def act(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        p = self.probs(obs, mask)
        u = rng.random((len(p), 1))
        return np.minimum((p.cumsum(axis=1) < u).sum(axis=1), p.shape[1] - 1).astype(np.int32)


def train_iteration(
    policy: Policy, rng: np.random.Generator, batch: int, seed: int, lr: float
) -> int:
    """One hand in each of ``batch`` new environments (seeded ``seed``) by self-play, then
    the REINFORCE update over all their decisions: each weighted by the return of the
    seat that made it (self-play's returns average 0, the baseline). Returns the number of
    decisions learnt from."""
    env = VecEnv(SPEC, batch, seed=seed)
    out = env.reset()
    steps: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = []
    rewards, ended = [], []
    finished = np.zeros(batch, bool)
    while not finished.all():
        obs, mask, seats = out.obs.copy(), out.mask.copy(), out.to_act.astype(np.int64)
        actions = policy.act(obs, mask, rng)
        env.step(actions)
        steps.append((obs, mask, actions, seats))
        rewards.append(out.rewards.copy())
        ended.append(out.terminated.astype(bool) & ~finished)
        finished |= ended[-1]
    end = np.array(ended)  # steps x batch: where each environment's first hand ended
    last = end.argmax(axis=0)
    outcome = np.array(rewards)[last, np.arange(batch)]  # batch x 2: returns by seat
    valid = np.arange(len(steps))[:, None] <= last[None, :]
    obs = np.stack([s[0] for s in steps])[valid].astype(np.float32)
    mask = np.stack([s[1] for s in steps])[valid]
    actions = np.stack([s[2] for s in steps])[valid]
    seats = np.stack([s[3] for s in steps])
    envs = np.broadcast_to(np.arange(batch), seats.shape)
    advantage = outcome[envs, seats][valid].astype(np.float32)
    g = -policy.probs(obs, mask)
    g[np.arange(len(actions)), actions] += 1.0  # d log p(action) / d logits
    g *= advantage[:, None] / len(actions)
    policy.w += lr * obs.T @ g
    policy.b += lr * g.sum(axis=0)
    return len(actions)


def evaluate(policy: Policy, hands: int, seed: int) -> tuple[int, int]:
    """Hands won by the policy (seat 0) against the random player (seat 1)."""
    env = VecEnv(SPEC, 256, seed=seed)
    out = env.reset()
    rng = np.random.default_rng(seed)
    wins = played = 0
    while played < hands:
        ours = policy.act(out.obs, out.mask, rng)
        theirs = env.sample(rng)
        actions = np.where(out.to_act == 0, ours, theirs).astype(np.int32)
        env.step(actions)
        ended = out.terminated.astype(bool)
        wins += int((out.rewards[ended, 0] > 0).sum())
        played += int(ended.sum())
    return wins, played


def main(argv: list[str] | None = None) -> list[dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=_int_from(0), default=400)
    parser.add_argument("--batch", type=_int_from(1), default=512)
    parser.add_argument("--lr", type=_finite, default=2.0)
    parser.add_argument("--eval-every", type=_int_from(1), default=50)
    parser.add_argument("--eval-hands", type=_int_from(1), default=2000)
    parser.add_argument("--seed", type=_int_from(0), default=1)
    parser.add_argument("--out", type=Path, default=None, help="write OUT.csv (and OUT.png)")
    args = parser.parse_args(argv)

    rng = np.random.default_rng(args.seed)
    policy = Policy(SPEC.tensor_size(0), SPEC.num_ids, rng)
    curve: list[dict[str, float]] = []
    for it in range(args.iterations + 1):
        if it % args.eval_every == 0 or it == args.iterations:
            wins, hands = evaluate(policy, args.eval_hands, seed=10_000 + it)
            low, high = wilson(wins, hands)
            curve.append({"iteration": it, "win_rate": wins / hands, "low": low, "high": high})
            print(f"iteration {it:4d}: {wins / hands:.3f} against random [{low:.3f}, {high:.3f}]")
        if it < args.iterations:
            seed = (args.seed * 1_000_003 + it) % (1 << 64)  # (a VecEnv seed is 64 bits)
            train_iteration(policy, rng, args.batch, seed, args.lr)
    if args.out is not None:
        with open(args.out.with_suffix(".csv"), "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(curve[0]))
            writer.writeheader()
            writer.writerows(curve)
        try:
            import matplotlib

            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            pass
        else:
            x = [c["iteration"] for c in curve]
            plt.figure(figsize=(6, 3.5))
            plt.plot(x, [c["win_rate"] for c in curve], marker="o", label="win rate")
            plt.fill_between(
                x,
                [c["low"] for c in curve],
                [c["high"] for c in curve],
                alpha=0.3,
                label="95% interval",
            )
            plt.axhline(0.5, color="grey", linestyle="--", linewidth=1)
            plt.xlabel("training iteration (self-play)")
            plt.ylabel("hands won against random")
            plt.title("One hand of Écarté: a linear policy by self-play")
            plt.legend()
            plt.tight_layout()
            plt.savefig(args.out.with_suffix(".png"), dpi=100)
    return curve


if __name__ == "__main__":
    main()
