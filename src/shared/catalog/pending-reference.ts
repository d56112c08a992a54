/**
 * A reference file that is still uploading: it counts for the field's limits and rules, and has
 * no address to check yet. It only ever lives inside the request check, never on the wire.
 */
export class PendingReference {
  constructor(readonly index: number) {}
}
