import pg from 'pg';

/**
 * The database keeps some totals as several rows that are added up when read (row_counts, daily_statistics): a
 * write adds to its connection's row (its shard) and holds only that row until it commits, so that concurrent
 * saves do not queue on one. A shard was the connection's process id modulo the shard count, which made the
 * pool's ten connections share some rows, and more or fewer of them from one start to the next: the saves on
 * two connections of one shard queued as before.
 *
 * Each PostgreSQL connection of the pool now names its shard when it connects (`backoffice.write_shard`, read by
 * the database's `write_shard()`, migration 0024): the lowest number no open connection has. A connection
 * without one (psql, a script) falls back to its process id. The embedded database runs one transaction at a
 * time, so nothing queues there and its connections name none.
 */
export const WRITE_SHARD_SETTING = 'backoffice.write_shard';

/** A pg client class for a pool: every client it makes takes the lowest free shard and frees it when it ends. */
export function clientClassWithWriteShards(): typeof pg.Client {
  const taken = new Set<number>();
  const lowestFree = () => {
    let shard = 0;
    while (taken.has(shard)) shard += 1;
    return shard;
  };
  return class ShardedClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      const shard = lowestFree();
      const base: pg.ClientConfig = typeof config === 'string' ? { connectionString: config } : (config ?? {});
      const options = [base.options, `-c ${WRITE_SHARD_SETTING}=${shard}`].filter(Boolean).join(' ');
      super({ ...base, options });
      taken.add(shard);
      this.once('end', () => taken.delete(shard));
    }
  };
}
