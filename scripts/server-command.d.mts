export declare const SERVER_ENTRY: string;
export declare const SERVER_NODE_ARGS: readonly string[];
