import { describe, expect, it } from 'vitest';
import { qualifyStatementName, statementNamePrefix } from '../../server/db/pgliteStatementNames';

/** A frontend message as node-postgres writes it: type byte, 32-bit length (itself included), body. */
function message(type: string, ...parts: (string | number[])[]): Uint8Array {
  const body = parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(`${part}\0`)] : part));
  const bytes = new Uint8Array(5 + body.length);
  bytes[0] = type.charCodeAt(0);
  new DataView(bytes.buffer).setInt32(1, 4 + body.length);
  bytes.set(body, 5);
  return bytes;
}

const prefix = statementNamePrefix(12);
const PARAMETERS = [0, 1, 0, 0, 0, 23];

describe('qualifyStatementName', () => {
  it("gives a Parse of a named statement the connection's prefix, with the length that follows", () => {
    const qualified = qualifyStatementName(message('P', 'active_identity', 'SELECT $1', PARAMETERS), prefix);
    expect(qualified.message).toEqual(message('P', 'c12_active_identity', 'SELECT $1', PARAMETERS));
    expect(qualified.prepared).toBe('c12_active_identity');
  });

  it('renames the statement of a Bind, not its portal', () => {
    const bind = message('B', 'portal', 'active_identity', [0, 0, 0, 0, 0, 0]);
    expect(qualifyStatementName(bind, prefix).message).toEqual(
      message('B', 'portal', 'c12_active_identity', [0, 0, 0, 0, 0, 0]),
    );
    expect(qualifyStatementName(message('B', '', '', [0, 0]), prefix).message).toEqual(message('B', '', '', [0, 0]));
  });

  it('renames a Describe or Close of a statement, and leaves those of a portal', () => {
    expect(qualifyStatementName(message('D', 'Sname'), prefix).message).toEqual(message('D', 'Sc12_name'));
    expect(qualifyStatementName(message('D', 'Pname'), prefix).message).toEqual(message('D', 'Pname'));
    const close = qualifyStatementName(message('C', 'Sname'), prefix);
    expect(close).toEqual({ message: message('C', 'Sc12_name'), closed: 'c12_name' });
    expect(qualifyStatementName(message('C', 'Pname'), prefix).message).toEqual(message('C', 'Pname'));
  });

  it('leaves the unnamed statement and every other message as they are', () => {
    const unnamed = message('P', '', 'SELECT 1', [0, 0]);
    expect(qualifyStatementName(unnamed, prefix)).toEqual({ message: unnamed });
    const execute = message('E', '', [0, 0, 0, 0]);
    expect(qualifyStatementName(execute, prefix)).toEqual({ message: execute });
    const query = message('Q', 'SELECT 1');
    expect(qualifyStatementName(query, prefix)).toEqual({ message: query });
  });

  it('counts the length in bytes for a name beyond ASCII', () => {
    const qualified = qualifyStatementName(message('P', 'état', 'SELECT 1', [0, 0]), prefix);
    expect(qualified.message).toEqual(message('P', 'c12_état', 'SELECT 1', [0, 0]));
  });
});
