/** `@tm/shared/process`: a service process's start and stop (config or exit, listen or exit, signals) and its runtime settings. */
export { EXIT_CONFIG, type ListenOptions, listenOrExit, loadConfigOrExit, SERVICE_RUNTIME_ENV, stopOnSignals } from './start-up.ts';
