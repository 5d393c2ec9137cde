import type { SignInResponse } from '../../domain/auth';
import type { SessionUser } from '../../domain/user';
import type { Session } from '../../providers/sessionCodec';

/** A signed-in ROOT user as the API returns it (shared by the session and http client tests). */
export const rootUser: SessionUser = {
  id: 1,
  firstName: 'Aline',
  lastName: 'Favre',
  username: 'aline.favre',
  email: 'root@demo.ch',
  phoneNumber: '+41 21 555 01 01',
  billingLink: null,
  hasPaidSubscription: true,
  gender: 'FEMALE',
  roleId: 1,
  establishmentId: null,
  promoterGroupId: null,
  language: 'fr',
  userRoles: [{ role: { id: 1, key: 'ROOT' } }],
  hasPassword: true,
};

export const signInResponse: SignInResponse = {
  accessToken: 'access-token-1',
  authId: '2b5d8c8e-6f1a-4c39-9a57-0a8f3f1c2d4e',
  user: rootUser,
};

export const rootSession: Session = {
  authenticatedUser: rootUser,
  accessToken: 'access-token-1',
  authId: signInResponse.authId,
  roles: ['ROOT'],
};

/** A Storage kept in memory, for tests that run in Node. */
export class MemoryStorage implements Storage {
  private readonly values = new Map<string, string>();
  get length() {
    return this.values.size;
  }
  clear() {
    this.values.clear();
  }
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
  setItem(key: string, value: string) {
    this.values.set(key, String(value));
  }
}
