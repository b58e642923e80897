var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
import { Injectable } from '@nestjs/common';
/** Operations register themselves at start-up; the worker finds a job's operation by kind. */
let OperationRegistry = class OperationRegistry {
    operations = new Map();
    register(operation) {
        this.operations.set(operation.kind, operation);
    }
    get(kind) {
        const operation = this.operations.get(kind);
        if (!operation)
            throw new Error(`no operation registered for job kind "${kind}"`);
        return operation;
    }
};
OperationRegistry = __decorate([
    Injectable()
], OperationRegistry);
export { OperationRegistry };
