import { buildServerWhenStale } from '../support/builtServer';

/** The API project's global set-up: the built server that the process tests start (test/support/builtServer.ts). */
export default function setup(): void {
  buildServerWhenStale();
}
