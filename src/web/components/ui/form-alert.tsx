/**
 * Why a form could not be sent, inside the form above its button: where the person is looking,
 * and still there after a toast would have gone.
 */
export function FormAlert({ title, children }: { title: string; children: string | null }) {
  if (children === null) return null;
  return (
    <div
      role="alert"
      data-testid="form-alert"
      className="rounded-xl border border-rose-300 bg-rose-50 p-3 text-rose-950 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-50"
    >
      <p className="font-semibold">{title}</p>
      <p className="text-sm">{children}</p>
    </div>
  );
}
