import { ConfigError, loadConfig } from './config/app-config.js';
import { createApp } from './bootstrap.js';
async function main() {
    let config;
    try {
        config = loadConfig();
    }
    catch (error) {
        if (error instanceof ConfigError) {
            process.stderr.write(`${error.message}\n`);
            process.exit(1);
        }
        throw error;
    }
    const app = await createApp(config);
    await app.listen({ port: config.http.port, host: config.http.host });
}
void main();
