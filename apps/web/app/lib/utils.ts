import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names and resolves Tailwind conflicts (the caller's `className` goes last). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
