import { createContext, useContext } from 'react';
import { weightSymbol, type WeightUnit } from '@stockroom/domain';

/** The store's weight unit for the product screens; weights are typed and shown in it. */
export const WeightUnitContext = createContext<WeightUnit>('G');

/** "Weight (kg)": the label of a weight box in the store's unit. */
export function useWeightLabel(): string {
  return `Weight (${weightSymbol(useContext(WeightUnitContext))})`;
}
