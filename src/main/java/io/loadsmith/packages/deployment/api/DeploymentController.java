package io.loadsmith.packages.deployment.api;

import io.loadsmith.packages.deployment.DeploymentResponse;
import io.loadsmith.packages.deployment.DeploymentRequest;
import java.net.URI;
import java.util.List;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.loadsmith.packages.deployment.DeploymentService;
import io.loadsmith.paging.ListPages;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.Valid;

/** Deployments per environment (by name): tooling reports one; anyone reading sees what runs where. */
@RestController
@RequestMapping("/api/v1/environments/{environment}/deployments")
record DeploymentController(DeploymentService deployments) {

    @PostMapping
    @Operation(operationId = "recordDeployment",
            summary = "Record that a committed package version was deployed to the environment")
    public ResponseEntity<DeploymentResponse> record(@PathVariable String environment,
                                                     @Valid @RequestBody DeploymentRequest request) {
        DeploymentResponse recorded = deployments.record(environment, request);
        return ResponseEntity.created(URI.create("/api/v1/environments/" + environment + "/deployments")).body(recorded);
    }

    @GetMapping
    @Operation(operationId = "listDeployments",
            summary = "The environment's deployments, newest first; the first of a package is what runs there")
    public List<DeploymentResponse> list(@PathVariable String environment, @RequestParam(defaultValue = "0") int page,
                                         @RequestParam(defaultValue = "" + ListPages.DEFAULT_SIZE) int size,
                                         HttpServletResponse response) {
        return ListPages.page(deployments.list(environment, ListPages.request(page, size)), response);
    }
}
