/** The signed-in user's initial on a brand-coloured disc (header trigger and mobile menu). */
export function UserAvatar({ email }: { email: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-8 items-center justify-center rounded-full bg-linear-to-br from-brand-from to-brand-to text-sm font-semibold text-white uppercase"
    >
      {email.charAt(0)}
    </span>
  );
}
