import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { SignInResponse } from '../../domain/auth';
import type { DashboardReply } from '../../domain/dashboard';
import type { ReferenceRecord } from '../../domain/reference';
import { readSessionOrNull } from '../../src/providers';
import type { SessionUser } from '../../domain/user';

/** The API as the app sees it in tests: same origin, `/api/v1` (the default of src/config/env.ts). */
export const apiUrl = (path: string) => `${window.location.origin}/api/v1${path}`;

export const ana: SessionUser = {
  id: 7,
  firstName: 'Ana',
  lastName: 'Keller',
  username: 'ana.keller',
  email: 'ana@demo.ch',
  phoneNumber: null,
  billingLink: null,
  hasPaidSubscription: false,
  gender: 'FEMALE',
  roleId: 1,
  establishmentId: null,
  promoterGroupId: null,
  language: 'en',
  userRoles: [{ role: { id: 1, key: 'ROOT' } }],
  hasPassword: true,
};

export const signInAnswer = (user: SessionUser = ana): SignInResponse => ({
  accessToken: 'access-token-of-the-test',
  authId: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  user,
});

/**
 * `GET /auth/me` as the server answers it: the user of the stored session (the test and the app share
 * the test DOM's localStorage), 401 when nobody is signed in. Tests about the server's roles override it.
 */
export const meHandler = (answer: () => SessionUser | null = () => readSessionOrNull()?.authenticatedUser ?? null) =>
  http.get(apiUrl('/auth/me'), () => {
    const user = answer();
    return user ? HttpResponse.json(user) : HttpResponse.json({ message: 'NOT_SIGNED_IN' }, { status: 401 });
  });

/**
 * A live notification stream that stays open and quiet (a ping, then nothing) until the app closes it: every
 * signed-in page connects one (src/layout/useLiveNotifications.ts). `frames` are sent first (`event: …\ndata: …`).
 */
export const openStreamAnswer = (request: Request, frames: string[] = [': ping']) => {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const frame of frames) controller.enqueue(encoder.encode(`${frame}\n\n`));
      request.signal.addEventListener('abort', () => {
        try {
          controller.close();
        } catch {
          // Already closed.
        }
      });
    },
  });
  return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' } });
};

/**
 * Handlers every test may need: sign-out always works, /auth/me answers the signed-in user, the outbox is empty,
 * there are no offers (an establishment's and an event's page list theirs), no pending asks (the menu's count), no
 * notifications (the bell of every signed-in page), a quiet live stream, default mail preferences (Settings) and a
 * dashboard without cards (where signing in lands).
 */
export const defaultHandlers = [
  meHandler(),
  http.post(apiUrl('/auth/sign-out'), () => new HttpResponse(null, { status: 204 })),
  http.get(apiUrl('/outbox'), () =>
    HttpResponse.json([], {
      headers: { 'Content-Range': 'outbox 0-0/0', 'Access-Control-Expose-Headers': 'Content-Range' },
    }),
  ),
  // The menu's count of pending asks (resources/asks useAskCount), asked on every page of a partner role: none.
  http.get(apiUrl('/asks'), () =>
    HttpResponse.json([], {
      headers: {
        'Content-Range': 'asks 0-0/0',
        'Access-Control-Expose-Headers': 'Content-Range',
        'Cache-Control': 'no-store',
      },
    }),
  ),
  http.get(apiUrl('/offers'), () =>
    HttpResponse.json([], {
      headers: {
        'Content-Range': 'offers 0-0/0',
        'Access-Control-Expose-Headers': 'Content-Range',
        'Cache-Control': 'no-store',
      },
    }),
  ),
  http.get(apiUrl('/notifications'), () =>
    HttpResponse.json([], {
      headers: {
        'Content-Range': 'notifications 0-0/0',
        'Access-Control-Expose-Headers': 'Content-Range',
        'Cache-Control': 'no-store',
      },
    }),
  ),
  http.get(apiUrl('/notifications/stream'), ({ request }) => openStreamAnswer(request)),
  // The dashboard (every sign-in lands there): no cards. test/ui/dashboard.test.tsx answers each role's cards.
  http.get(apiUrl('/dashboard'), () => HttpResponse.json({ cards: [] } satisfies DashboardReply)),
  http.get(apiUrl('/dashboard/cards/:card'), () => HttpResponse.json({ message: 'NOT_FOUND' }, { status: 404 })),
  // Settings' mail preferences: the kinds every role receives, at their defaults.
  http.get(apiUrl('/notification-preferences'), () => {
    const deliveries = { PASSWORD_CHANGED: 'MAIL', ACCESS_LINK_SENT: 'IN_APP', ACCOUNT_ACCESS_CHANGED: 'MAIL' };
    return HttpResponse.json({ deliveries, defaults: deliveries });
  }),
];

export const server = setupServer(...defaultHandlers);

/** A list answer as ra-data-simple-rest reads it: the records and their `Content-Range` (exposed through CORS). */
export const listAnswer = (resource: string, records: unknown[], total = records.length) =>
  HttpResponse.json(records, {
    headers: {
      'Content-Range': `${resource} 0-${Math.max(records.length - 1, 0)}/${total}`,
      'Access-Control-Expose-Headers': 'Content-Range',
      // As the API answers (server/app.ts): without it the test DOM's HTTP cache serves one list's headers for another.
      'Cache-Control': 'no-store',
    },
  });

/** The `filter` a list request sent (`{}` when none). */
export const filterOf = (request: Request): Record<string, unknown> =>
  JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}');

/** An active reference-data value labelled `en` in every language, placed at its id. */
export const referenceRecord = (id: number, key: string, en: string): ReferenceRecord => ({
  id,
  key,
  label: { en, fr: en, de: en, it: en },
  position: id,
  isActive: true,
  version: 1,
});
