/**
 * How much synchronous work one turn of the event loop may do before it hands the loop back. A
 * fixed count of items a turn holds the loop longer the busier the machine is (an item that takes
 * 1 ms alone takes several when the process waits for a core); a budget of time shrinks the
 * slice instead. Real time on purpose (not the engine's clock): it is the loop's hold that counts.
 */

/** Work per turn that keeps the loop's delay well under the 20 ms a window call may wait. */
const TURN_BUDGET_MS = 4;

/** True once `budgetMs` has passed since the call that made it; the first item of a turn always runs. */
export function turnBudget(budgetMs = TURN_BUDGET_MS): () => boolean {
  const started = performance.now();
  return () => performance.now() - started >= budgetMs;
}
