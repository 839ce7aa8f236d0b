"""fast_dutch gives exactly pairing-core's Dutch kernel result, only faster."""

import itertools
import random

from server.tournaments.fast_dutch import Entrant, first_choice, lex_first_matching
from server.tournaments.pairing import kernel_pairs, pair_even


def brute_lex_first(s1, s2):
    """The kernel's definition, by enumeration: the first S2 permutation in lexicographic
    order with every S1[i]-S2[perm[i]] legal."""
    for perm in itertools.permutations(range(len(s2))):
        if all(s2[j].number not in s1[i].avoid for i, j in enumerate(perm)):
            return [(s1[i].number, s2[j].number) for i, j in enumerate(perm)]
    return None


def test_lex_first_matching_equals_enumeration_on_random_brackets():
    rng = random.Random(11)
    found = 0
    for _ in range(400):
        k = rng.randint(1, 6)
        density = rng.choice([0.1, 0.3, 0.6])
        avoid = {n: set() for n in range(1, 2 * k + 1)}
        for a in range(1, k + 1):
            for b in range(k + 1, 2 * k + 1):
                if rng.random() < density:
                    avoid[a].add(b)
                    avoid[b].add(a)
        s1 = [Entrant(n, 0, frozenset(avoid[n])) for n in range(1, k + 1)]
        s2 = [Entrant(n, 0, frozenset(avoid[n])) for n in range(k + 1, 2 * k + 1)]
        expected = brute_lex_first(s1, s2)
        assert lex_first_matching(s1, s2) == expected
        found += expected is not None
    assert 100 < found < 400  # both outcomes were exercised


def played_field(rng, size, rounds, forbidden):
    """A field after `rounds` of roughly score-ordered games with scripted results
    (3/1/0), plus `forbidden` random extra pairs that may not meet."""
    avoid = {n: set() for n in range(1, size + 1)}
    score = dict.fromkeys(avoid, 0)
    for _ in range(rounds):
        order = sorted(avoid, key=lambda n: -score[n] + rng.random() * 2)
        for a, b in zip(order[::2], order[1::2], strict=False):
            if b not in avoid[a]:
                avoid[a].add(b)
                avoid[b].add(a)
                winner = rng.choice([a, b, None])
                for n in (a, b):
                    score[n] += 1 if winner is None else (3 if winner == n else 0)
    for _ in range(forbidden):
        a, b = rng.sample(sorted(avoid), 2)
        avoid[a].add(b)
        avoid[b].add(a)
    return [Entrant(n, score[n], frozenset(avoid[n])) for n in avoid]


def test_same_pairs_as_the_kernel_on_random_fields():
    rng = random.Random(5)
    paths = {"fast only": 0, "fast then kernel": 0, "unpairable": 0}
    for _ in range(250):
        size = rng.choice([4, 6, 8, 10, 12, 16, 20, 30])
        entrants = played_field(rng, size, rng.randint(0, 5), rng.randint(0, size // 2))
        ours, theirs = pair_even(entrants, 3), kernel_pairs(entrants, 3)
        if theirs is None:
            assert ours is None
            paths["unpairable"] += 1
            continue
        assert {frozenset(p) for p in ours} == {frozenset(p) for p in theirs}
        paths["fast then kernel" if first_choice(entrants)[1] else "fast only"] += 1
    assert all(count >= 10 for count in paths.values()), paths


def test_a_large_early_round_needs_no_kernel_search():
    entrants = played_field(random.Random(2), 600, 2, 0)
    pairs, rest = first_choice(entrants)
    assert rest == [] and len(pairs) == 300
    assert len({n for pair in pairs for n in pair}) == 600
    assert all(b not in next(e for e in entrants if e.number == a).avoid for a, b in pairs)
