import { useState } from 'react';
import type { TCountry } from '@topup/shared';
import { flagEmoji } from '../shared';

/** The country's flag image when it has one that loads, else the flag emoji derived from its code. */
export function Flag({ country, size = 24 }: { country: Pick<TCountry, 'code' | 'flag'>; size?: number }) {
  const [failed, setFailed] = useState(false);
  if (!country.flag || failed)
    return (
      <span className="wz-flag-emoji" aria-hidden="true">
        {flagEmoji(country.code)}
      </span>
    );
  return (
    <img
      className="wz-flag"
      src={country.flag}
      alt=""
      width={size}
      height={Math.round(size * 0.75)}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
