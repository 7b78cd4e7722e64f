/** Who an idea or a usage count belongs to: a signed-in user or a browser's guest id. */
export type Owner = { kind: 'user'; userId: string } | { kind: 'guest'; guestId: string };

export function userOwner(userId: string): Owner {
  return { kind: 'user', userId };
}

export function guestOwner(guestId: string): Owner {
  return { kind: 'guest', guestId };
}

/** The key usage rows are counted under; it survives the owner's ideas moving or being deleted. */
export function ownerKey(owner: Owner): string {
  return owner.kind === 'user' ? `user:${owner.userId}` : `guest:${owner.guestId}`;
}
