/** Whether a text holds no lone surrogate (`String.prototype.isWellFormed`, Node ≥ 20; typed here for the ES2022 lib). */
export function isWellFormed(text: string): boolean {
  return (text as string & { isWellFormed(): boolean }).isWellFormed();
}
