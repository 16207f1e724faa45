/**
 * A form's one message from the server or its own checks, announced as it appears; with `id`, the
 * field it belongs to names it in `aria-describedby`.
 */
export function FormError({ message, id }: { readonly message: string | undefined; readonly id?: string }) {
  return message ? (
    <p id={id} className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}
