import { randomBytes } from 'node:crypto';
import type { Owner } from '../../db/owner.js';
import { isForeignKeyViolation } from '../../db/rows.js';
import { ideaNotFound, type IdeasService } from '../ideas/service.js';
import type { ShareLinkRow, ShareLinksRepository, SharedIdea } from './repository.js';
import { hashOf, isTokenShaped, newNonce, tokenOf } from './tokens.js';

export interface SharingService {
  /** The idea's public link, the same while it lives; 404 for a missing or foreign idea. */
  share(owner: Owner, ideaId: string): Promise<{ url: string }>;
  /** Stops the idea's link at once (nothing to stop is fine); 404 for a missing or foreign idea. */
  revoke(owner: Owner, ideaId: string): Promise<void>;
  /** What /s/:token shows, or null for a token that never was, was revoked or lost its idea. */
  sharedIdea(token: string): Promise<SharedIdea | null>;
}

const SECRET_NAME = 'share_links';

export function createSharingService(deps: {
  links: ShareLinksRepository;
  ideas: Pick<IdeasService, 'findById'>;
  publicUrl: string;
  /** SHARE_LINK_SECRET; unset: one made once and kept in the database for every instance. */
  secret: string | undefined;
}): SharingService {
  const { links, ideas, publicUrl } = deps;
  let secret: Promise<string> | undefined =
    deps.secret === undefined ? undefined : Promise.resolve(deps.secret);

  function secretOnce(): Promise<string> {
    secret ??= links
      .secret(SECRET_NAME, () => randomBytes(32).toString('base64url'))
      .catch((error: unknown) => {
        // A database that was down is asked again next time, not remembered as failed.
        secret = undefined;
        throw error;
      });
    return secret;
  }

  async function freshLink(): Promise<ShareLinkRow & { token: string }> {
    const nonce = newNonce();
    const token = tokenOf(await secretOnce(), nonce);
    return { nonce, token, tokenHash: hashOf(token) };
  }

  async function ownIdea(owner: Owner, ideaId: string): Promise<void> {
    if ((await ideas.findById(owner, ideaId)) === null) throw ideaNotFound();
  }

  function urlOf(token: string): string {
    return `${publicUrl}/s/${token}`;
  }

  return {
    async share(owner, ideaId) {
      await ownIdea(owner, ideaId);
      const key = await secretOnce();
      const existing = await links.linkOf(ideaId);
      if (existing !== null) {
        const token = tokenOf(key, existing.nonce);
        if (hashOf(token) === existing.tokenHash) return { url: urlOf(token) };
        // Made under another SHARE_LINK_SECRET: that link cannot be handed out again.
        const fresh = await freshLink();
        await links.replace(ideaId, fresh);
        return { url: urlOf(fresh.token) };
      }
      const fresh = await freshLink();
      let kept: ShareLinkRow;
      try {
        kept = await links.keepOrCreate(ideaId, fresh);
      } catch (error) {
        // The idea was deleted between the check and the insert.
        if (isForeignKeyViolation(error)) throw ideaNotFound();
        throw error;
      }
      return { url: urlOf(tokenOf(key, kept.nonce)) };
    },

    async revoke(owner, ideaId) {
      await ownIdea(owner, ideaId);
      await links.remove(ideaId);
    },

    async sharedIdea(token) {
      if (!isTokenShaped(token)) return null;
      return links.findShared(hashOf(token));
    },
  };
}
