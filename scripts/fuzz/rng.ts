/**
 * A small seeded PRNG (sfc32 seeded through splitmix32). Every input is derived
 * from (seed, family, index) alone, so any finding can be replayed on its own.
 */

export interface Rng {
  u32(): number;
  /** [0, 1) */
  float(): number;
  /** [0, n) */
  int(n: number): number;
  /** [lo, hi] */
  range(lo: number, hi: number): number;
  /** Log-uniform integer in [lo, hi]: small sizes common, large ones still reached. */
  logRange(lo: number, hi: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  weighted<T>(items: readonly (readonly [T, number])[]): T;
}

/** FNV-1a, for turning names and seed strings into numbers. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function splitmix32(a: number): () => number {
  return () => {
    a = (a + 0x9e3779b9) | 0;
    let t = a ^ (a >>> 16);
    t = Math.imul(t, 0x21f0aaad);
    t ^= t >>> 15;
    t = Math.imul(t, 0x735a2d97);
    return (t ^ (t >>> 15)) >>> 0;
  };
}

/** sfc32; a class, so making one per input allocates no closures. */
class Sfc32 implements Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    const init = splitmix32(seed >>> 0);
    this.a = init();
    this.b = init();
    this.c = init();
    this.d = init();
    for (let i = 0; i < 12; i++) this.u32();
  }

  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  float(): number {
    return this.u32() / 4294967296;
  }

  int(n: number): number {
    return n <= 1 ? 0 : Math.floor(this.float() * n);
  }

  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  logRange(lo: number, hi: number): number {
    return Math.min(hi, Math.floor(Math.exp(Math.log(lo) + this.float() * (Math.log(hi + 1) - Math.log(lo)))));
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let x = this.float() * total;
    for (const [v, w] of items) {
      x -= w;
      if (x < 0) return v;
    }
    return items[items.length - 1]![0];
  }
}

export function createRng(seed: number): Rng {
  return new Sfc32(seed);
}

/** The generator of input `index` of `family` under `seed`. */
export function rngFor(seed: number, family: string, index: number): Rng {
  return createRng((Math.imul(seed ^ hashString(family), 0x9e3779b1) + Math.imul(index + 1, 0x85ebca6b)) >>> 0);
}
