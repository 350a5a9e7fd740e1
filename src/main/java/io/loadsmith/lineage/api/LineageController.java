package io.loadsmith.lineage.api;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.loadsmith.lineage.LineageGraph;
import io.loadsmith.lineage.LineageService;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;

@RestController
@RequestMapping("/api/v1/lineage")
record LineageController(LineageService lineage) {

    @Operation(operationId = "lineage", summary = "Entities, loads and other tables, and the edges between them",
            description = "Edges run from what a load reads (its source entities and the tables its SQL reads) to the"
                    + " load, and from the load to its target. With entity: that entity's upstream and downstream;"
                    + " with package: the package's entities and every load that reads or writes them; else everything.")
    @GetMapping
    public LineageGraph lineage(@Parameter(description = "A package name")
                                @RequestParam(name = "package", required = false) String pkg,
                                @Parameter(description = "An entity id") @RequestParam(required = false) Long entity) {
        if (entity != null) {
            return lineage.forEntity(entity);
        }
        return lineage.forPackage(pkg);
    }
}
