/**
 * Rendered widget pages in memory, each with its compressed forms and its headers, so that a hit costs no
 * database work and no compression. An entry goes when a write changes what it shows (invalidateEstablishment,
 * invalidateAll), when what it shows moves with time (its expiry), or when the cache is full (least recently
 * used first). Concurrent misses of one key share one render.
 */

export interface CachedPage {
  establishmentId: number;
  widgetSettingsId: number;
  /** The HTML, and its gzip and Brotli forms. */
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  /** Every header of a 200 but Content-Encoding and Content-Length. */
  headers: Record<string, string>;
  /** Epoch ms after which the page shows something else (an occurrence ended, the day changed). */
  expiresAt: number;
}

const sizeOf = (page: CachedPage) => page.identity.length + page.gzip.length + page.br.length + 2048;

export class WidgetPageCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly pending = new Map<string, Promise<CachedPage | null>>();
  private bytes = 0;
  /** Bumped by every invalidation: a render that started before one is answered but not kept. */
  private generation = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly now: () => number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): CachedPage | undefined {
    const page = this.entries.get(key);
    if (page === undefined) return undefined;
    if (page.expiresAt <= this.now()) {
      this.remove(key, page);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, page);
    return page;
  }

  /** The cached page, or the one `render` makes (null: nothing to show, not kept), rendered once for all. */
  getOrRender(key: string, render: () => Promise<CachedPage | null>): Promise<CachedPage | null> {
    const cached = this.get(key);
    if (cached) return Promise.resolve(cached);
    const running = this.pending.get(key);
    if (running) return running;
    const generation = this.generation;
    const rendering = render()
      .then((page) => {
        if (page && generation === this.generation && page.expiresAt > this.now()) this.put(key, page);
        return page;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, rendering);
    return rendering;
  }

  invalidateEstablishment(establishmentId: number): void {
    this.generation += 1;
    for (const [key, page] of this.entries) if (page.establishmentId === establishmentId) this.remove(key, page);
  }

  invalidateAll(): void {
    this.generation += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  private put(key: string, page: CachedPage): void {
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, page);
    this.bytes += sizeOf(page);
    for (const [oldestKey, oldest] of this.entries) {
      if (this.bytes <= this.maxBytes || oldestKey === key) break;
      this.remove(oldestKey, oldest);
    }
  }

  private remove(key: string, page: CachedPage): void {
    if (this.entries.get(key) !== page) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(page);
  }
}
