/** The club's round logo mark (a ball). Decorative: the club name beside it is the text. */
export function BrandMark() {
  return (
    <span className="brand-mark" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="26" height="26" focusable="false">
        <circle cx="12" cy="12" r="10" fill="#ffffff" stroke="#064e3b" strokeWidth="1.5" />
        <path d="M12 7.5 16 10.4 14.5 15h-5L8 10.4z" fill="#064e3b" />
        <path
          d="M12 2.5v5M16 10.4l5-1.6M14.5 15l3 4M9.5 15l-3 4M8 10.4 3 8.8"
          stroke="#064e3b"
          strokeWidth="1.5"
          fill="none"
        />
      </svg>
    </span>
  );
}
