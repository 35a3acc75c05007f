// What a command module gives the app: its routes (and raw-body routes mounted before the JSON body
// parser) and any background work. Below the modules, so a module and the registry (modules.ts) do
// not import each other.
import type express from 'express';
import type { CommandDeps } from './dependencies.ts';

export interface CommandModule {
  name: string;
  raw?: (router: express.Router, deps: CommandDeps) => void;
  routes: (router: express.Router, deps: CommandDeps) => void;
  /** Background work the server runs while it listens (e.g. ending timed rooms); stopped on close. */
  start?: (deps: CommandDeps) => { stop(): Promise<void> };
}
