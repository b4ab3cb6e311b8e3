/** proto3's JSON name rule: drop each `_` and upper-case the letter after it (`task_id` → `taskId`). */
export function jsonNameOf(snake: string): string {
  return snake.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}
