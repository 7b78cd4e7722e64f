/**
 * A failure whose message is ready to show as it is (docs/product.md, What goes wrong). Apart
 * from capture-api.ts so the record button's hook can tell it without loading the calls, which
 * no first tap makes.
 */
export class CaptureError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'CaptureError';
    this.status = status;
  }
}
