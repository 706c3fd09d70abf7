"""The seeded pseudo-random generator every game keeps in its state.

It is xoshiro128** (Blackman and Vigna): four 32-bit words of state, so it serialises to
JSON as four small integers that JavaScript numbers also hold exactly. Seeding expands any
integer with splitmix64. Nothing in the engines may use the global ``random`` module: all
chance goes through an ``Rng`` stored in the game state, so (game, options, players, seed,
actions) always gives the same game.
"""

from __future__ import annotations

from typing import Sequence, TypeVar

from pydantic import BaseModel, Field

T = TypeVar("T")
_M32 = 0xFFFFFFFF
_M64 = 0xFFFFFFFFFFFFFFFF


def _splitmix64(x: int) -> tuple[int, int]:
    x = (x + 0x9E3779B97F4A7C15) & _M64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return x, z ^ (z >> 31)


class Rng(BaseModel):
    """xoshiro128** state. Create with ``Rng.from_seed(seed)``; every draw mutates it."""

    s: list[int] = Field(min_length=4, max_length=4)

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        x = seed & _M64
        words: list[int] = []
        while len(words) < 4:
            x, z = _splitmix64(x)
            words += [z & _M32, z >> 32]
        if not any(words):  # the all-zero state is the one state xoshiro cannot leave
            words[0] = 1
        return cls(s=words[:4])

    def next_u32(self) -> int:
        # the hottest function of every playout: the rotations written out, the words in locals
        s = self.s
        s0, s1, s2, s3 = s
        x = (s1 * 5) & 0xFFFFFFFF
        result = ((((x << 7) | (x >> 25)) & 0xFFFFFFFF) * 9) & 0xFFFFFFFF
        t = (s1 << 9) & 0xFFFFFFFF
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s[0], s[1], s[2], s[3] = s0, s1, s2, ((s3 << 11) | (s3 >> 21)) & 0xFFFFFFFF
        return result

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = 4294967296 - 4294967296 % n
        while True:
            x = self.next_u32()
            if x < limit:
                return x % n

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in [lo, hi], both ends included (a die: ``randint(1, 6)``)."""
        return lo + self.below(hi - lo + 1)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> "Rng":
        """A new generator seeded from this one (advances this one)."""
        return Rng.from_seed((self.next_u32() << 32) | self.next_u32())
