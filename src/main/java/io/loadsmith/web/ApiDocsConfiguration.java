package io.loadsmith.web;

import java.util.List;
import java.util.Map;

import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;

/**
 * The OpenAPI document at /v3/api-docs (Swagger UI at /swagger-ui.html). Operations without an
 * explicit operationId get one from the method and its controller (listLoads, createEntity, ...)
 * rather than springdoc's list_1, list_2, which change whenever a controller is added.
 */
@Configuration(proxyBeanMethods = false)
class ApiDocsConfiguration {

    @Bean
    OpenAPI loadsmithOpenApi() {
        return new OpenAPI().info(new Info()
                .title("Loadsmith API")
                .version("v1")
                .description("Warehouse metadata, load generation and SQL package export for deployment tooling. "
                        + "Errors are RFC 9457 problem details. Every call needs a bearer token (Account → API tokens "
                        + "in the designer): READ tokens read, preview and export; WRITE tokens act with their owner's role.")
                .license(new License().name("Apache-2.0")))
                .components(new Components().addSecuritySchemes("bearer", new SecurityScheme()
                        .type(SecurityScheme.Type.HTTP).scheme("bearer").bearerFormat("lsm_...")))
                .addSecurityItem(new SecurityRequirement().addList("bearer"));
    }

    @Bean
    OperationCustomizer stableOperationIds() {
        return (operation, handler) -> {
            boolean explicit = handler.getMethodAnnotation(Operation.class) != null
                    && !handler.getMethodAnnotation(Operation.class).operationId().isBlank();
            if (!explicit) {
                String subject = handler.getBeanType().getSimpleName().replace("Controller", "");
                operation.setOperationId(handler.getMethod().getName() + subject);
            }
            return operation;
        };
    }

    /**
     * swagger-core lets the {@code min = 0} of {@code @Size(max = ...)} overwrite the minLength 1 of
     * {@code @NotBlank}: a required text gets its minLength 1 back, and a minimum of 0 (which says
     * nothing) is left out.
     */
    @Bean
    OpenApiCustomizer requiredTextsKeepTheirMinimum() {
        return openApi -> {
            if (openApi.getComponents() == null || openApi.getComponents().getSchemas() == null) {
                return;
            }
            for (Schema<?> schema : openApi.getComponents().getSchemas().values()) {
                List<String> required = schema.getRequired() == null ? List.of() : schema.getRequired();
                Map<String, Schema> properties = schema.getProperties() == null ? Map.of() : schema.getProperties();
                properties.forEach((name, property) -> {
                    dropZeroMinimum(property, required.contains(name) ? 1 : null);
                    if (property.getItems() != null) {
                        dropZeroMinimum(property.getItems(), null);
                    }
                });
            }
        };
    }

    private static void dropZeroMinimum(Schema<?> schema, Integer requiredLength) {
        if (Integer.valueOf(0).equals(schema.getMinLength())) {
            schema.setMinLength(requiredLength);
        }
        if (Integer.valueOf(0).equals(schema.getMinItems())) {
            schema.setMinItems(null);
        }
    }
}
