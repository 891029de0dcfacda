import { THEME_COLORS } from '@placely/contract';

export interface BrandMarkProps {
  size?: number;
}

/** The Placely mark: a location pin on a rounded square (same drawing as favicon.svg). */
export function BrandMark({ size = 32 }: BrandMarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 512 512" aria-hidden="true" focusable="false">
      <rect width="512" height="512" rx="112" fill="#ffffff" />
      <path
        d="M256 88c-80 0-145 63-145 142 0 106 145 218 145 218s145-112 145-218c0-79-65-142-145-142z"
        fill={THEME_COLORS.primary}
      />
      <circle cx="256" cy="232" r="58" fill={THEME_COLORS.secondary} />
    </svg>
  );
}
