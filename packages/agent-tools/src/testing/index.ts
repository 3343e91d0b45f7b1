/** Test helpers of @tm/agent-tools (tests only). */
export { startToolServices, type ToolServices } from './services.ts';
