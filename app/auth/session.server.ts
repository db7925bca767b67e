import { createHash, randomBytes } from "node:crypto";
import { type Cookie, createCookie, createSessionStorage } from "react-router";
import type { AppDatabase } from "#db/database.server.ts";
import { deleteExpiredSessions, deleteSession, findSession, insertSession } from "#db/queries/sessions.server.ts";
import { type StorageFault, storageFaultOf } from "#db/storage-fault.ts";

export const SESSION_COOKIE = "ipi_session";

/**
 * In production the name carries the `__Host-` prefix: the browser then keeps the cookie only
 * when it is Secure, has Path=/ and no Domain, so no other host (a sibling subdomain) can plant
 * or overwrite it. Development runs on plain http, where such a cookie would be dropped.
 */
export function sessionCookieName(production: boolean): string {
  return production ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/** The server-side maximum age of a session, whatever the browser keeps. */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * What a session holds: when it started and who signed in (decision 059). A session from before
 * the team has no member and is the owner's, the one person there was.
 */
type SessionData = { startedAt: string; memberId: number | null };

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

export type SessionStore = {
  /** Starts a session for a member (none: the owner) and drops the expired ones; the Set-Cookie value. */
  start(memberId?: number): Promise<string>;
  /** True when the Cookie header holds a live session: well signed, on record, not past its maximum age. */
  isActive(cookieHeader: string | null): Promise<boolean>;
  /**
   * Who the Cookie header's live session is: a member id, null for a session from before the team
   * (the owner's), undefined when there is no live session.
   */
  memberOf(cookieHeader: string | null): Promise<number | null | undefined>;
  /** Signing out: the row is deleted, so the same cookie never works again; the Set-Cookie value that clears it. */
  end(cookieHeader: string | null): Promise<string>;
};

function hashId(id: string): string {
  return createHash("sha256").update(id).digest("base64url");
}

/**
 * Sessions on React Router's session storage (decision 025) over the `sessions` table: the cookie
 * is React Router's signed cookie (HMAC-SHA256 with SESSION_SECRET) holding a 256-bit random id;
 * only the id's SHA-256 is stored, so a copy of the database holds no usable cookie. The expiry
 * lives on the row, set at sign-in and never moved, so a cookie cannot claim a longer life.
 */
export function createSessionStore(options: {
  db: AppDatabase;
  secret: string;
  production: boolean;
  now: () => Date;
  ttlMs?: number;
  /** Told of a storage fault a session's write met (for /api/health). */
  onStorageFault?: (fault: StorageFault) => void;
}): SessionStore {
  const { db, now } = options;
  const ttlMs = options.ttlMs ?? SESSION_TTL_MS;
  const cookie = rememberingVerified(
    createCookie(sessionCookieName(options.production), {
      httpOnly: true,
      sameSite: "lax",
      secure: options.production,
      path: "/",
      maxAge: Math.floor(ttlMs / 1000),
      secrets: [options.secret],
    }),
  );
  const held = heldWhileStorageFails(db, options.onStorageFault);
  const storage = createSessionStorage<SessionData>({
    cookie,
    async createData(data) {
      const id = randomBytes(32).toString("base64url");
      const started = now();
      const row: SessionRow = {
        idHash: hashId(id),
        createdAt: started.toISOString(),
        expiresAt: new Date(started.getTime() + ttlMs).toISOString(),
        memberId: data?.memberId ?? null,
      };
      held.settle(started);
      // A full disk or a read-only file must not keep the founder from reading: the session is
      // then held in this process's memory until a write succeeds (decision 058).
      held.write(
        () => {
          deleteExpiredSessions(db, started);
          insertSession(db, row);
        },
        () => held.hold(row),
      );
      return id;
    },
    async readData(id) {
      // A well-signed cookie can only hold what we signed, but its shape is checked all the same.
      if (typeof id !== "string" || !SESSION_ID.test(id)) return null;
      const idHash = hashId(id);
      // What a failing storage held is written once it takes writes again, tried at most every 10 s.
      held.settleSoon(now());
      if (held.revoked(idHash)) return null;
      const row = findSession(db, idHash) ?? held.find(idHash);
      if (!row) return null;
      if (Date.parse(row.expiresAt) > now().getTime()) return { startedAt: row.createdAt, memberId: row.memberId };
      held.write(
        () => deleteSession(db, row.idHash),
        () => held.revoke(row.idHash),
      );
      return null;
    },
    // The data never changes after sign-in, and the maximum age must not move: nothing to write.
    async updateData() {},
    async deleteData(id) {
      if (typeof id !== "string" || !SESSION_ID.test(id)) return;
      const idHash = hashId(id);
      held.settle(now());
      // Signing out always works: a row the storage will not delete is refused by this process.
      held.write(
        () => deleteSession(db, idHash),
        () => held.revoke(idHash),
      );
    },
  });

  return {
    async start(memberId) {
      const session = await storage.getSession();
      session.set("startedAt", now().toISOString());
      session.set("memberId", memberId ?? null);
      return storage.commitSession(session);
    },
    async isActive(cookieHeader) {
      return (await storage.getSession(cookieHeader)).has("startedAt");
    },
    async memberOf(cookieHeader) {
      const session = await storage.getSession(cookieHeader);
      if (!session.has("startedAt")) return undefined;
      return session.get("memberId") ?? null;
    },
    async end(cookieHeader) {
      return storage.destroySession(await storage.getSession(cookieHeader));
    },
  };
}

/** Sessions started, and sign-outs made, while the storage refused them, held at most (each). */
export const SESSIONS_HELD = 64;
/** How often a signed-in request tries to write what was held (a sign-in or sign-out tries at once). */
export const SETTLE_EVERY_MS = 10_000;

type SessionRow = { idHash: string; createdAt: string; expiresAt: string; memberId: number | null };

/**
 * The sessions' writes a failing storage refused (decision 058): a sign-in held in memory, a
 * sign-out (or an expiry) remembered as refused, each bounded (the oldest goes first). `settle`
 * writes them to the table once the storage takes writes again (at the next sign-in or sign-out,
 * or a signed-in request at most every SETTLE_EVERY_MS); a restart before then forgets
 * them: a held sign-in must be made again, and a held sign-out's row still expires at its time.
 */
function heldWhileStorageFails(db: AppDatabase, onStorageFault: ((fault: StorageFault) => void) | undefined) {
  const sessions = new Map<string, SessionRow>();
  const signedOut = new Set<string>();
  let lastTried = Number.NEGATIVE_INFINITY;
  const bounded = <T>(collection: { size: number; keys(): IterableIterator<T>; delete(key: T): boolean }) => {
    if (collection.size > SESSIONS_HELD) collection.delete(collection.keys().next().value as T);
  };
  /** Runs `write`; on a storage fault runs `instead` and tells; false then. Any other error is thrown. */
  const write = (run: () => void, instead: () => void): boolean => {
    try {
      run();
      return true;
    } catch (error) {
      const fault = storageFaultOf(error);
      if (!fault) throw error;
      onStorageFault?.(fault);
      instead();
      return false;
    }
  };
  return {
    write,
    hold(row: SessionRow) {
      sessions.set(row.idHash, row);
      bounded(sessions);
    },
    find(idHash: string): SessionRow | undefined {
      return sessions.get(idHash);
    },
    revoke(idHash: string) {
      sessions.delete(idHash);
      signedOut.add(idHash);
      bounded(signedOut);
    },
    revoked(idHash: string): boolean {
      return signedOut.has(idHash);
    },
    /** `settle`, at most once per SETTLE_EVERY_MS: a request's read must not retry a failing write each time. */
    settleSoon(now: Date) {
      if (sessions.size === 0 && signedOut.size === 0) return;
      if (now.getTime() - lastTried < SETTLE_EVERY_MS) return;
      this.settle(now);
    },
    /** What was held, written now if the storage takes it; kept held otherwise. */
    settle(now: Date) {
      if (sessions.size === 0 && signedOut.size === 0) return;
      lastTried = now.getTime();
      const written = write(
        () =>
          db.$client.transaction(() => {
            for (const idHash of signedOut) deleteSession(db, idHash);
            for (const row of sessions.values()) if (Date.parse(row.expiresAt) > now.getTime()) insertSession(db, row);
          })(),
        () => {},
      );
      if (!written) return;
      sessions.clear();
      signedOut.clear();
    },
  };
}

/** How many verified Cookie headers are remembered, and the longest one that is. */
export const VERIFIED_KEPT = 64;
const VERIFIED_LONGEST = 4096;

/**
 * React Router's signed cookie, remembering the last Cookie headers whose signature it verified.
 * Verifying goes through WebCrypto: a key imported and an HMAC checked on libuv's thread pool, about
 * 0.35 ms on every signed-in request, most of what a 304 of the search feed cost. What a header
 * verifies to never changes while the secret is the same, so the answer is kept, bounded: only
 * headers that verified (a guesser without the secret adds nothing), at most 64 of them, none
 * longer than 4 KiB. The session's row is still read on every request, so signing out and the
 * expiry take effect at once.
 */
export function rememberingVerified(signed: Cookie, kept = VERIFIED_KEPT): Cookie {
  const verified = new Map<string, unknown>();
  return {
    get name() {
      return signed.name;
    },
    get isSigned() {
      return signed.isSigned;
    },
    get expires() {
      return signed.expires;
    },
    serialize: (value, options) => signed.serialize(value, options),
    async parse(header, options) {
      if (typeof header !== "string" || options !== undefined || header.length > VERIFIED_LONGEST) return signed.parse(header, options);
      if (verified.has(header)) {
        const value = verified.get(header);
        // The most recently used last, so the oldest is the first dropped.
        verified.delete(header);
        verified.set(header, value);
        return value;
      }
      const value = await signed.parse(header);
      if (value === null || value === undefined || value === "") return value;
      verified.set(header, value);
      if (verified.size > kept) verified.delete(verified.keys().next().value as string);
      return value;
    },
  };
}

/** The cookie's value, or undefined when absent or not decodable (a malformed cookie is no cookie). */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}
