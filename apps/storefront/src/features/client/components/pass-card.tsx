import type { Pass } from '@kassa/domain/contract/client';
import defaultAvatar from '../assets/default-avatar.svg';

/** A pass holder: avatar (a default one when none), name and birthday (docs/storefront.md §3.19). */
export function PassCard({ pass }: { pass: Pass }) {
  return (
    <div className="kassa-pass">
      <img
        className="kassa-pass__avatar"
        src={pass.profile.avatar ?? defaultAvatar}
        alt=""
        width={40}
        height={40}
      />
      <span className="kassa-pass__name">{pass.profile.name.full}</span>
      {pass.profile.age !== null && <span className="kassa-pass__age">({pass.profile.age})</span>}
    </div>
  );
}
