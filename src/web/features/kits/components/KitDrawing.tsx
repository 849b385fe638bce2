interface KitDrawingProps {
  jersey: string;
  shorts: string;
  socks: string;
  /** What a screen reader hears, e.g. 'Home kit'. */
  label: string;
}

const OUTLINE = '#4b5563';

/** The kit drawn: jersey, shorts and socks in their colours, outlined so white and yellow still show. */
export function KitDrawing({ jersey, shorts, socks, label }: KitDrawingProps) {
  return (
    <svg
      className="kit-drawing"
      viewBox="0 0 120 170"
      role="img"
      aria-label={`${label}: jersey ${jersey}, shorts ${shorts}, socks ${socks}`}
    >
      <path
        data-part="jersey"
        d="M40 8 L20 14 L4 40 L20 50 L28 38 L28 82 L92 82 L92 38 L100 50 L116 40 L100 14 L80 8 Q60 22 40 8 Z"
        fill={jersey}
        stroke={OUTLINE}
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        data-part="shorts"
        d="M30 88 L90 88 L94 122 L64 122 L60 106 L56 122 L26 122 Z"
        fill={shorts}
        stroke={OUTLINE}
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <rect
        data-part="sock"
        x="32"
        y="128"
        width="18"
        height="36"
        rx="4"
        fill={socks}
        stroke={OUTLINE}
        strokeWidth="2"
      />
      <rect
        data-part="sock"
        x="70"
        y="128"
        width="18"
        height="36"
        rx="4"
        fill={socks}
        stroke={OUTLINE}
        strokeWidth="2"
      />
    </svg>
  );
}
