import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { buttonVariants } from "./button-variants";

const VARIANTS = ["default", "destructive", "outline", "secondary", "ghost", "link"] as const;
const SIZES = ["default", "xs", "sm", "lg", "icon"] as const;
const classSet = (classes: string) => [...new Set(classes.split(/\s+/).filter(Boolean))].sort();

describe("buttonVariants", () => {
  it("has no Tailwind conflicts, so it can be used without cn() (tailwind-merge changes nothing)", () => {
    for (const variant of VARIANTS) {
      for (const size of SIZES) {
        const classes = buttonVariants({ variant, size });
        expect(classSet(twMerge(classes)), `${variant}/${size}`).toEqual(classSet(classes));
      }
    }
  });
});
