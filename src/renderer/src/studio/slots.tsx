/**
 * Slots: a page shows parts other features contribute (`FeatureModule.slots`) without importing
 * them. The app provides the modules once (`SlotsProvider` in the frame); a page marks the place
 * with `<Slot name="create.aside" />`. Nothing is shown where no feature fills a slot.
 */
import { createContext, Suspense, useContext, type ReactNode } from 'react';
import type { FeatureModule, SlotName } from './feature-module';

const SlotsContext = createContext<readonly FeatureModule[]>([]);

export function SlotsProvider({ modules, children }: { modules: readonly FeatureModule[]; children: ReactNode }) {
  return <SlotsContext.Provider value={modules}>{children}</SlotsContext.Provider>;
}

/** Every part contributed to `name`, in the modules' order (each loads on first use). */
export function Slot({ name }: { name: SlotName }) {
  const modules = useContext(SlotsContext);
  const parts = modules.flatMap((module) => {
    const Part = module.slots?.[name];
    return Part ? [{ key: module.name, Part }] : [];
  });
  return (
    <>
      {parts.map(({ key, Part }) => (
        <Suspense key={key} fallback={null}>
          <Part />
        </Suspense>
      ))}
    </>
  );
}
